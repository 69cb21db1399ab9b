import { ASSET, validDesigns } from '../../core/designs/fixtures.ts';
import type { RenderMessage } from './admin-messages.ts';
import { CANVAS_PROTOCOL } from './protocol.ts';

/**
 * A `render` message for tests (and the example in docs/canvas-protocol.md): the designs of
 * core/designs/fixtures.ts (every record kind) with the content model and sample content they bind to.
 * Typed loosely on purpose: tests break copies of it.
 */

export const SAMPLE = {
  documentId: '0d0c0000-0000-4000-8000-000000000001',
  homeId: '0d0c0000-0000-4000-8000-000000000002',
  beansId: '0d0c0000-0000-4000-8000-000000000003',
  blockId: 'b10c0000-0000-4000-8000-0000000000aa',
  asset: ASSET,
} as const;

export function sampleMessage(
  options: { mediaOrigin?: string } = {},
): RenderMessage & Record<string, unknown> {
  const media = options.mediaOrigin ?? 'https://media.example';
  const variant = (name: string) => `${media}/media/${ASSET}/${name}.png`;
  return structuredClone({
    protocol: CANVAS_PROTOCOL,
    version: 1 as const,
    type: 'render' as const,
    id: 'render-1',
    locale: 'en',
    site: { name: 'Morgenrot Coffee', defaultLocale: 'en', locales: ['en', 'de'], homeId: SAMPLE.homeId },
    designs: validDesigns() as RenderMessage['designs'],
    fields: {
      contentTypes: {
        'blog-post': [
          { name: 'summary', type: 'text' },
          { name: 'cover', type: 'image' },
          { name: 'body', type: 'richText' },
          { name: 'content', type: 'blocks' },
        ],
      },
      blockTypes: {
        hero: [
          { name: 'title', type: 'string' },
          { name: 'link', type: 'link' },
          { name: 'image', type: 'image' },
        ],
      },
    },
    content: {
      document: {
        id: SAMPLE.documentId,
        type: 'blog-post',
        title: 'Roasting at altitude',
        permalink: 'news/roasting-at-altitude',
        publishedAt: '2026-03-18T09:00:00.000Z',
        tags: [{ name: 'Roasting', slug: 'roasting' }],
        fields: {
          summary: 'Why beans from high farms need a gentler roast.',
          cover: ASSET,
          body: {
            type: 'doc',
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: 'Dense beans take heat slowly.' }] },
            ],
          },
          content: [
            {
              blockId: SAMPLE.blockId,
              type: 'hero',
              fields: {
                title: 'Fresh from the roaster',
                link: { url: 'https://example.org/shop', label: 'Shop' },
              },
            },
          ],
        },
      },
      assets: [
        {
          id: ASSET,
          url: variant('original'),
          filename: 'beans.png',
          mimeType: 'image/png',
          width: 1200,
          height: 800,
          alt: 'Coffee beans',
          variants: { thumb: variant('thumb'), card: variant('card'), hero: variant('hero') },
          focalPoint: null,
        },
      ],
      menus: [
        {
          name: 'Main',
          machineName: 'main',
          items: [
            { id: 'home', label: 'Home', url: '/', children: [] },
            {
              id: 'beans',
              label: 'Beans',
              content: { id: SAMPLE.beansId, type: 'page', title: 'Beans', permalink: 'beans' },
              children: [{ id: 'espresso', label: 'Espresso', url: '/espresso', children: [] }],
            },
          ],
        },
      ],
      ancestors: [{ title: 'News', href: '/news' }],
      versions: [
        { locale: 'en', href: '/news/roasting-at-altitude', current: true },
        { locale: 'de', href: '/de/news/roesten-in-der-hoehe', current: false },
      ],
    },
    view: { kind: 'page' as const },
  });
}
