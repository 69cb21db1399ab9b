import { describe, expect, it } from 'vitest';
import { defaultTheme, designRecordSchema, designsSchema } from '../../core/designs/index.ts';
import { compileSiteCss } from '../../styles/compile.ts';
import type { ContentFields } from '../render/context.ts';
import { NOT_FOUND_TYPE } from './generated.ts';
import { completeDesigns } from './site-designs.ts';

const fields: ContentFields = {
  contentTypes: {
    article: [
      { name: 'summary', type: 'text' },
      { name: 'count', type: 'number' },
      { name: 'when', type: 'date' },
      { name: 'body', type: 'richText' },
      { name: 'cover', type: 'image' },
      { name: 'file', type: 'file' },
      { name: 'next', type: 'content' },
      { name: 'seeAlso', type: 'content', multiple: true },
      { name: 'by', type: 'user' },
      { name: 'more', type: 'link' },
      { name: 'flag', type: 'boolean' },
      { name: 'kind', type: 'select', options: ['a'] },
      { name: 'sections', type: 'blocks' },
      {
        name: 'steps',
        type: 'repeater',
        fields: [
          { name: 'label', type: 'string' },
          { name: 'photo', type: 'image' },
        ],
      },
      { name: 'secret', type: 'text', public: false },
    ],
  },
  blockTypes: {
    quote: [
      { name: 'text', type: 'text' },
      { name: 'who', type: 'string' },
    ],
  },
};

describe('generated designs', () => {
  const bundle = completeDesigns({ stored: [], fields, firstMenu: 'main' });

  it('generates a record for every kind nobody stored: default layout, each page and block type, the 404 page', () => {
    expect(bundle.records.map((r) => `${r.kind}/${r.key}`).sort()).toEqual(
      ['block/quote', 'layout/default', 'page/article', `page/${NOT_FOUND_TYPE}`].sort(),
    );
    expect(bundle.designs.theme).toBe(defaultTheme);
  });

  it('generates valid records that the style compiler accepts', () => {
    for (const record of bundle.records)
      expect(designRecordSchema.safeParse(record).success, `${record.kind}/${record.key}`).toBe(true);
    expect(designsSchema.safeParse(bundle.records).success).toBe(true);
    const css = compileSiteCss({
      theme: defaultTheme,
      designs: bundle.records,
      assetUrl: () => '/x',
      fontFaces: '',
    }).css;
    expect(css.length).toBeGreaterThan(1000);
  });

  it('shows a page title, then every public field in order; blocks and repeaters as such', () => {
    const root = bundle.designs.pages.article!.root as { children: { id: string; el: string }[] };
    expect(root.children.map((c) => `${c.id}:${c.el}`)).toEqual([
      'title:heading',
      'f-summary:text',
      'f-count:text',
      'f-when:text',
      'f-body:richtext',
      'f-cover:image',
      'f-file:link',
      'f-next:link',
      'f-seeAlso:text',
      'f-by:text',
      'f-more:link',
      'f-kind:text',
      'f-sections:blocks',
      'f-steps:stack',
    ]);
  });

  it('puts the logo, the first menu and the locale switch in the default layout header, and the site name in its footer', () => {
    const json = JSON.stringify(bundle.designs.layouts.default);
    expect(json).toContain('"el":"logo"');
    expect(json).toContain('"menu":"main"');
    expect(json).toContain('"el":"localeSwitch"');
    expect(json).toContain('"field":"$site.name"');
    expect(bundle.needs.article).toEqual({ menus: ['main'], breadcrumbs: false });
  });

  it('keeps stored designs and generates only what is missing', () => {
    const stored = designsSchema.parse([
      {
        kind: 'page',
        key: 'article',
        published: {
          layout: 'default',
          root: { id: 'r', el: 'box', children: [{ id: 'b', el: 'breadcrumbs' }] },
        },
      },
    ]);
    const partial = completeDesigns({ stored, fields, firstMenu: null });
    expect(partial.designs.pages.article).toBe(stored[0]!.published);
    expect(partial.records.filter((r) => r.kind === 'page').map((r) => r.key)).toEqual([
      'article',
      NOT_FOUND_TYPE,
    ]);
    expect(JSON.stringify(partial.designs.layouts.default)).not.toContain('"el":"menu"');
    expect(partial.needs.article).toEqual({ menus: [], breadcrumbs: true });
  });
});
