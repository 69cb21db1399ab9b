/**
 * A space for ordered and filtered lists: five posts under a blog page with distinct dates, titles and field
 * values (one without any), in two locales whose titles order differently, so that every order and filter of
 * list-order.ts has an answer that only it gives.
 */
export const orderedIds = {
  space: '00000000-0000-4000-8000-00000000f001',
  blog: '00000000-0000-4000-8000-00000000f0a0',
  author: '00000000-0000-4000-8000-00000000f0c1',
  /** Posts 1–5, created in this order (tree order). */
  post: (n: number) => `00000000-0000-4000-8000-00000000f0b${n}`,
} as const;

const post = (
  n: number,
  published: string,
  en: string,
  de: string,
  fields: Record<string, unknown>,
  tags: string[],
) => ({
  id: orderedIds.post(n),
  type: 'post',
  parentId: orderedIds.blog,
  position: n,
  createdAt: `2026-01-0${n}T00:00:00.000Z`,
  tags: tags.map((slug) => ({ name: slug, slug })),
  locales: {
    en: {
      published: { title: en, slug: `p${n}`, fields, publishedAt: published, updatedAt: published },
      draft: null,
    },
    de: {
      published: {
        title: de,
        slug: `p${n}`,
        fields: { subtitle: `de ${n}` },
        publishedAt: published,
        updatedAt: published,
      },
      draft: null,
    },
  },
});

export function orderedFixture(): Record<string, unknown> {
  const t = '2026-01-01T00:00:00.000Z';
  return {
    format: 'verso.space/1',
    space: {
      id: orderedIds.space,
      name: 'ordered',
      title: 'Ordered',
      defaultLocale: 'en',
      locales: ['en', 'de'],
      homeContentId: null,
      apiHosts: [],
      importRunning: false,
    },
    contentTypes: [
      { name: 'page', title: 'Page', fields: [] },
      {
        name: 'post',
        title: 'Post',
        fields: [
          { name: 'rating', type: 'number', localized: false },
          { name: 'released', type: 'date', localized: false },
          { name: 'subtitle', type: 'string' },
          { name: 'featured', type: 'boolean', localized: false },
          {
            name: 'topics',
            type: 'select',
            options: ['coffee', 'tea', 'milk'],
            multiple: true,
            localized: false,
          },
          { name: 'writer', type: 'user', localized: false },
          { name: 'secret', type: 'number', public: false, localized: false },
          { name: 'body', type: 'richText' },
        ],
      },
    ],
    blockTypes: [],
    users: [{ id: orderedIds.author, name: 'Ada', avatarId: null }],
    assets: [],
    documents: [
      {
        id: orderedIds.blog,
        type: 'page',
        parentId: null,
        position: 0,
        createdAt: t,
        tags: [],
        locales: {
          en: {
            published: { title: 'Blog', slug: 'blog', fields: {}, publishedAt: t, updatedAt: t },
            draft: null,
          },
          de: {
            published: { title: 'Blog', slug: 'blog', fields: {}, publishedAt: t, updatedAt: t },
            draft: null,
          },
        },
      },
      post(
        1,
        '2026-03-01T00:00:00.000Z',
        'Cherry',
        'Zitrone',
        {
          rating: 3,
          released: '2025-05-01',
          subtitle: 'b',
          featured: true,
          topics: ['coffee'],
          writer: orderedIds.author,
          secret: 1,
        },
        ['news'],
      ),
      post(
        2,
        '2026-05-01T00:00:00.000Z',
        'Apple',
        'Birne',
        {
          rating: 5,
          released: '2025-01-01',
          subtitle: 'c',
          featured: false,
          topics: ['tea', 'milk'],
        },
        ['news', 'howto'],
      ),
      post(
        3,
        '2026-02-01T00:00:00.000Z',
        'Elder',
        'Apfel',
        {
          rating: 1,
          released: '2025-09-01T12:00:00Z',
          subtitle: 'a',
          featured: false,
          topics: [],
        },
        [],
      ),
      post(
        4,
        '2026-04-01T00:00:00.000Z',
        'Banana',
        'Kirsche',
        {
          rating: 4,
          released: '2025-03-01',
          subtitle: 'e',
          featured: true,
          topics: ['coffee', 'tea'],
        },
        ['howto'],
      ),
      post(5, '2026-01-15T00:00:00.000Z', 'Date', 'Dattel', {}, []),
    ],
    menus: [],
    redirects: [],
    controls: {},
  };
}
