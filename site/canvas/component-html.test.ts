import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeClass } from '../../styles/class-names.ts';
import { loadProject } from '../components/load-config.ts';
import { replaceComponents } from '../components/register.ts';
import { drawComponents } from './component-html.ts';
import { sampleMessage } from './sample-message.ts';

// Component nodes drawn by the server for the canvas, in the order the canvas meets them: a node inside a
// `repeat` once per item, each with that item's bound values.

const demoConfig = fileURLToPath(new URL('../../demo/verso.config.ts', import.meta.url));
beforeAll(() => loadProject(demoConfig));
afterAll(() => replaceComponents([]));

describe('drawComponents', () => {
  it('draws a component once per repeater item, in item order, with the item bound', () => {
    const message = sampleMessage();
    message.fields.contentTypes['blog-post']!.push({
      name: 'recipes',
      type: 'repeater',
      fields: [
        { name: 'name', type: 'text' },
        { name: 'dose', type: 'number' },
      ],
    } as never);
    message.content.document.fields.recipes = [
      { itemId: 'a', fields: { name: 'Filter', dose: 15 } },
      { itemId: 'b', fields: { name: 'Espresso', dose: 9 } },
    ];
    const page = message.designs.find((d) => d.kind === 'page' && d.key === 'blog-post')!;
    (page.published as { root: { children: unknown[] } }).root.children.push({
      id: 'recipes',
      el: 'repeat',
      props: { field: 'recipes' },
      children: [
        {
          id: 'calc',
          el: 'component',
          component: 'brew-ratio',
          bindings: { title: { field: 'item.name' }, dose: { field: 'item.dose' } },
        },
      ],
    });
    const drawn = drawComponents(message);
    const list = drawn[nodeClass({ kind: 'page', key: 'blog-post' }, 'calc')] as string[];
    expect(list).toHaveLength(2);
    expect(list[0]).toContain('<h2>Filter</h2>');
    expect(list[0]).toContain('>240</output>');
    expect(list[1]).toContain('<h2>Espresso</h2>');
    expect(list[1]).toContain('>144</output>');
  });

  it('draws nothing for a view that cannot be drawn (the canvas reports it itself)', () => {
    const message = sampleMessage();
    message.content.document.type = 'no-such-type';
    expect(drawComponents(message)).toEqual({});
  });
});
