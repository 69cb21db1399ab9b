import { deliveryFixture, deliveryIds } from '../reader/delivery-fixture.ts';

/**
 * The delivery fixture plus what the GraphQL tests need: name clashes (`blog_post` beside `blog-post`, a type
 * named `asset`, fields named `title` and `meta_description` beside `metaDescription`), a published document
 * of the clashing type, and optionally bulk documents under two parents for counting queries.
 */
export const graphqlIds = {
  ...deliveryIds,
  clash: '00000000-0000-4000-8000-0000000000aa',
  bulk10: '00000000-0000-4000-8000-0000000000ab',
  bulk100: '00000000-0000-4000-8000-0000000000ac',
} as const;

const t = '2026-01-01T00:00:00.000Z';
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const published = (title: string, slug: string, fields: Record<string, unknown>) => ({
  published: { title, slug, fields, publishedAt: t, updatedAt: t },
  draft: null,
});

type Space = Record<string, unknown> & { contentTypes: unknown[]; documents: unknown[] };

export function graphqlFixture(options: { bulk?: boolean } = {}): Record<string, unknown> {
  const space = deliveryFixture() as Space;
  space.contentTypes.push(
    {
      name: 'blog_post',
      title: 'Blog post (legacy)',
      fields: [
        { name: 'title', type: 'string' },
        { name: 'meta_description', type: 'string' },
        { name: 'metaDescription', type: 'string' },
      ],
    },
    { name: 'asset', title: 'Asset page', fields: [] },
  );
  space.documents.push({
    id: graphqlIds.clash,
    type: 'blog_post',
    parentId: null,
    position: 10,
    createdAt: t,
    tags: [],
    locales: {
      en: published('Legacy post', 'legacy', {
        title: 'Field title',
        meta_description: 'snake',
        metaDescription: 'camel',
      }),
    },
  });
  if (options.bulk) {
    space.documents.push(
      ...bulk(graphqlIds.bulk10, 'bulk-10', 11, 10),
      ...bulk(graphqlIds.bulk100, 'bulk-100', 12, 100),
    );
  }
  return space;
}

/** A parent with `count` pages that carry every kind of relation, at the field, block, nested block and repeater. */
function bulk(parentId: string, slug: string, position: number, count: number): unknown[] {
  const ids = deliveryIds;
  const children = Array.from({ length: count }, (_, i) => {
    const n = `${hex(position, 2)}${hex(i, 4)}`;
    const block = (k: number, type: string, fields: Record<string, unknown>) => ({
      blockId: `00000000-0000-4000-9000-00${n}${hex(k, 4)}`,
      type,
      fields,
    });
    return {
      id: `00000000-0000-4000-8000-0000${n}00`,
      type: 'page',
      parentId,
      position: i,
      createdAt: t,
      tags: [{ name: 'Bulk', slug: 'bulk' }],
      locales: {
        en: published(`Bulk ${i}`, `item-${i}`, {
          summary: `Item ${i}`,
          hero: ids.image,
          related: [ids.team, ids.about],
          author: ids.user,
          cta: { contentId: ids.team, label: 'Team' },
          content: {
            grid: null,
            blocks: [
              block(1, 'hero', { heading: `Hero ${i}`, image: ids.image, link: ids.about }),
              block(2, 'columns', {
                blocks: {
                  grid: null,
                  blocks: [block(3, 'hero', { heading: 'Inner', link: ids.hello, image: ids.image })],
                },
              }),
              block(4, 'faq', {
                items: [
                  {
                    itemId: `00000000-0000-4000-a000-00${n}0001`,
                    fields: { question: 'Why?', see: ids.news },
                  },
                ],
              }),
            ],
          },
        }),
      },
    };
  });
  return [
    {
      id: parentId,
      type: 'page',
      parentId: null,
      position,
      createdAt: t,
      tags: [],
      locales: { en: published(slug, slug, {}) },
    },
    ...children,
  ];
}
