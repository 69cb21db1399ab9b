import { describe, expect, it } from 'vitest';
import type { MenuRows } from './rows.ts';
import { menuLabel, shapeMenu } from './shape-menu.ts';
import type { DeliveredDocument } from './types.ts';

const rows: MenuRows = {
  id: 'm1',
  name: 'Main',
  machineName: 'main',
  defaultLocale: 'en',
  items: [
    {
      id: 'i1',
      parentId: null,
      label: { en: 'About', de: 'Über uns' },
      url: null,
      target: '_self',
      contentId: 'd1',
    },
    { id: 'i2', parentId: null, label: 'Gone', url: null, target: '_self', contentId: 'gone' },
    { id: 'i3', parentId: 'i1', label: 'Team', url: null, target: '_self', contentId: 'd2' },
    {
      id: 'i4',
      parentId: 'i2',
      label: 'Under gone',
      url: 'https://x.test',
      target: '_self',
      contentId: null,
    },
    {
      id: 'i5',
      parentId: null,
      label: { de: 'Nur Deutsch' },
      url: 'https://example.org',
      target: '_blank',
      contentId: null,
    },
  ],
};
const doc = (id: string) => ({ id, permalink: id }) as unknown as DeliveredDocument;

describe('menus', () => {
  it('nest items in order and leave out entries to documents not delivered, with their children', () => {
    const menu = shapeMenu(rows, 'en', (id) => (id === 'gone' ? undefined : doc(id)));
    expect(menu).toMatchObject({ id: 'm1', name: 'Main', machineName: 'main' });
    expect(menu.items.map((i) => i.id)).toEqual(['i1', 'i5']);
    expect(menu.items[0]).toMatchObject({
      label: 'About',
      content: { id: 'd1' },
      children: [{ id: 'i3', label: 'Team', content: { id: 'd2' } }],
    });
    expect(menu.items[1]).toMatchObject({
      url: 'https://example.org',
      target: '_blank',
      content: null,
      children: [],
    });
  });

  it('pick the label of the locale, else of the default locale, else any', () => {
    expect(menuLabel({ en: 'About', de: 'Über uns' }, 'de', 'en')).toBe('Über uns');
    expect(menuLabel({ en: 'About' }, 'fr', 'en')).toBe('About');
    expect(menuLabel({ de: 'Nur Deutsch' }, 'en', 'en')).toBe('Nur Deutsch');
    expect(menuLabel('Team', 'de', 'en')).toBe('Team');
  });
});
