import { describe, expect, it } from 'vitest';
import { parseAdminMessage } from './admin-messages.ts';
import { CANVAS_PROTOCOL } from './protocol.ts';
import { sampleMessage } from './sample-message.ts';

/** A copy of the sample with one change made by `edit`. */
function broken(edit: (m: any) => void): unknown {
  const m: any = sampleMessage();
  edit(m);
  return m;
}

const select = (node: unknown) => ({ protocol: CANVAS_PROTOCOL, version: 1, type: 'select', node });

describe('the admin messages', () => {
  it('accepts a render message and hands it over unchanged', () => {
    const m = sampleMessage();
    expect(parseAdminMessage(m)).toBe(m);
  });

  it('accepts every view, and fields it does not know (a newer admin may add some)', () => {
    for (const view of [
      { kind: 'page' },
      { kind: 'page', layout: 'default' },
      { kind: 'page', layout: null },
      {
        kind: 'block',
        block: { blockId: 'b1', type: 'hero', fields: {}, design: { variant: 'imageLeft', style: null } },
      },
      { kind: 'block', block: { blockId: 'b1', type: 'hero' } },
      { kind: 'menu', menu: 'main', design: 'top-bar' },
      { kind: 'menu', menu: 'main' },
    ]) {
      expect(parseAdminMessage(broken((m) => (m.view = view)))).not.toBeNull();
    }
    expect(parseAdminMessage(broken((m) => (m.theme = 'dark')))).not.toBeNull();
    expect(parseAdminMessage(broken((m) => (m.content.document.extra = { deep: [1] })))).not.toBeNull();
  });

  it('accepts select messages, with a node or none', () => {
    const node = { kind: 'block', key: 'hero', variant: 'centered', id: 'cta' };
    expect(parseAdminMessage(select(node))).toEqual(select(node));
    expect(parseAdminMessage(select(null))).toEqual(select(null));
  });

  it('ignores anything that is not a message of this protocol and version', () => {
    for (const data of [
      null,
      undefined,
      'render',
      42,
      [],
      [sampleMessage()],
      {},
      { type: 'render' },
      broken((m) => (m.protocol = 'other')),
      broken((m) => delete m.protocol),
      broken((m) => (m.version = 2)),
      broken((m) => (m.version = '1')),
      broken((m) => (m.type = 'draw')),
      select(undefined),
      select({ kind: 'theme', key: 'default', id: 'x' }),
      select({ kind: 'page', key: 'blog-post' }),
    ]) {
      expect(parseAdminMessage(data), JSON.stringify(data)).toBeNull();
    }
  });

  it('ignores render messages of the wrong shape', () => {
    for (const edit of [
      (m: any) => delete m.id,
      (m: any) => (m.id = ''),
      (m: any) => (m.id = 'x'.repeat(201)),
      (m: any) => delete m.locale,
      (m: any) => (m.site.locales = 'en'),
      (m: any) => (m.site.homeId = 7),
      (m: any) => (m.designs = {}),
      (m: any) => m.designs.push({ kind: 'widget', key: 'x', published: {} }),
      (m: any) => (m.designs[0].published = null),
      (m: any) => (m.designs[0].key = 1),
      (m: any) => (m.fields.contentTypes['blog-post'] = [{ type: 'text' }]),
      (m: any) => delete m.fields.blockTypes,
      (m: any) => delete m.content.document,
      (m: any) => (m.content.document.fields = []),
      (m: any) => (m.content.document.title = null),
      (m: any) => (m.content.document.tags = [{ name: 'x' }]),
      (m: any) => (m.content.assets[0].variants = { thumb: 'a' }),
      (m: any) => (m.content.assets[0].width = Number.NaN),
      (m: any) => (m.content.menus[0].items[1].children[0].label = 3),
      (m: any) => (m.content.versions[0].current = 'yes'),
      (m: any) => (m.view = { kind: 'layout', key: 'default' }),
      (m: any) => (m.view = { kind: 'block' }),
      (m: any) => (m.view = { kind: 'menu', menu: 5 }),
      (m: any) => delete m.view,
    ]) {
      expect(parseAdminMessage(broken(edit)), String(edit)).toBeNull();
    }
  });

  it('reads only own fields: an inherited value does not make a message', () => {
    const m: any = sampleMessage();
    const view = Object.create({ kind: 'page' });
    expect(parseAdminMessage({ ...m, view })).toBeNull();
  });
});
