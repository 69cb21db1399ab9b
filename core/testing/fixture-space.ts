/**
 * A small space in the export format that tests build on: two locales, a nested tree, a document published
 * only in English, a draft, relations at three levels (field, block, nested block / repeater), a restricted
 * field, tags, menus, redirects and the website section. Ids are fixed so tests can name them.
 */
export const ids = {
  space: '00000000-0000-4000-8000-000000000001',
  home: '00000000-0000-4000-8000-0000000000a1',
  about: '00000000-0000-4000-8000-0000000000a2',
  team: '00000000-0000-4000-8000-0000000000a3',
  news: '00000000-0000-4000-8000-0000000000a4',
  hello: '00000000-0000-4000-8000-0000000000a5',
  englishOnly: '00000000-0000-4000-8000-0000000000a6',
  hidden: '00000000-0000-4000-8000-0000000000a7',
  image: '00000000-0000-4000-8000-0000000000b1',
  orphanImage: '00000000-0000-4000-8000-0000000000b2',
  user: '00000000-0000-4000-8000-0000000000c1',
  mainMenu: '00000000-0000-4000-8000-0000000000d1',
} as const;

/** A 1×1 PNG, so the fixture needs no files. */
export const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const t = '2026-01-01T00:00:00.000Z';
const v = (title: string, slug: string, fields: Record<string, unknown> = {}) => ({
  title,
  slug,
  fields,
  publishedAt: t,
  updatedAt: t,
});
const para = (text: string, marks?: unknown[]) => ({
  type: 'paragraph',
  content: [{ type: 'text', text, ...(marks ? { marks } : {}) }],
});
const block = (n: number, type: string, fields: Record<string, unknown>, ext?: unknown) => ({
  blockId: `00000000-0000-4000-8000-00000000e${String(n).padStart(3, '0')}`,
  type,
  fields,
  ...(ext ? { ext } : {}),
});

export function fixtureSpace(): Record<string, unknown> {
  return {
    format: 'verso.space/1',
    space: {
      id: ids.space,
      name: 'fixture',
      title: 'Fixture',
      defaultLocale: 'en',
      locales: ['en', 'de'],
      homeContentId: ids.home,
      apiHosts: [],
      importRunning: false,
    },
    contentTypes: [
      {
        name: 'page',
        title: 'Page',
        fields: [
          { name: 'summary', type: 'text', search: true },
          { name: 'body', type: 'richText', search: true },
          { name: 'hero', type: 'image' },
          { name: 'related', type: 'content', multiple: true },
          { name: 'author', type: 'user' },
          { name: 'cta', type: 'link' },
          { name: 'content', type: 'blocks', blockTypes: ['hero', 'columns', 'faq'] },
          { name: 'internal_notes', type: 'text', public: false },
          { name: 'rank', type: 'number', localized: false },
        ],
      },
      {
        name: 'blog-post',
        title: 'Blog post',
        fields: [
          { name: 'meta_description', type: 'string' },
          { name: 'mood', type: 'select', options: ['calm', 'bold'] },
        ],
      },
    ],
    blockTypes: [
      {
        name: 'hero',
        title: 'Hero',
        fields: [
          { name: 'heading', type: 'string' },
          { name: 'image', type: 'image' },
          { name: 'link', type: 'content' },
        ],
      },
      { name: 'columns', title: 'Columns', fields: [{ name: 'blocks', type: 'blocks' }] },
      {
        name: 'faq',
        title: 'FAQ',
        fields: [
          {
            name: 'items',
            type: 'repeater',
            fields: [
              { name: 'question', type: 'string' },
              { name: 'answer', type: 'richText' },
              { name: 'see', type: 'content' },
            ],
          },
        ],
      },
    ],
    users: [{ id: ids.user, name: 'Ada', avatarId: ids.image }],
    assets: [
      {
        id: ids.image,
        filename: 'dot.png',
        mimeType: 'image/png',
        width: 1,
        height: 1,
        alt: 'A dot',
        focalPoint: { x: 0.5, y: 0.5 },
        crop: null,
        data: tinyPng,
      },
      {
        id: ids.orphanImage,
        filename: 'orphan.png',
        mimeType: 'image/png',
        width: 1,
        height: 1,
        alt: '',
        focalPoint: null,
        crop: null,
        data: tinyPng,
      },
    ],
    documents: [
      {
        id: ids.home,
        type: 'page',
        parentId: null,
        position: 0,
        createdAt: t,
        tags: [],
        locales: {
          en: { published: v('Home', 'home', { summary: 'Welcome', hero: ids.image, rank: 1 }), draft: null },
          de: {
            published: v('Start', 'start', { summary: 'Willkommen', hero: ids.image, rank: 1 }),
            draft: null,
          },
        },
      },
      {
        id: ids.about,
        type: 'page',
        parentId: null,
        position: 1,
        createdAt: t,
        tags: [{ name: 'Company', slug: 'company' }],
        locales: {
          en: {
            published: v('About us', 'about', {
              summary: 'Who we are',
              body: {
                type: 'doc',
                content: [
                  para('We roast '),
                  para('our team', [{ type: 'link', attrs: { contentId: ids.team } }]),
                ],
              },
              related: [ids.team, ids.englishOnly],
              author: ids.user,
              cta: { contentId: ids.team, label: 'Meet the team' },
              internal_notes: 'secret plan',
              content: {
                grid: null,
                blocks: [
                  block(
                    1,
                    'hero',
                    { heading: 'Hi', image: ids.image, link: ids.team },
                    { website: { designId: 'imageLeft' } },
                  ),
                  block(2, 'columns', {
                    blocks: { grid: null, blocks: [block(3, 'hero', { heading: 'Inner', link: ids.hello })] },
                  }),
                  block(4, 'faq', {
                    items: [
                      {
                        itemId: '00000000-0000-4000-8000-00000000f001',
                        fields: { question: 'Why?', see: ids.about },
                      },
                    ],
                  }),
                ],
              },
            }),
            draft: v('About us (draft)', 'about', { summary: 'Draft text' }),
          },
          de: { published: v('Über uns', 'ueber-uns', { summary: 'Wer wir sind' }), draft: null },
        },
      },
      {
        id: ids.team,
        type: 'page',
        parentId: ids.about,
        position: 0,
        createdAt: t,
        tags: [],
        locales: {
          en: { published: v('Team', 'team'), draft: null },
          de: { published: v('Team', 'team'), draft: null },
        },
      },
      {
        id: ids.news,
        type: 'page',
        parentId: null,
        position: 2,
        createdAt: t,
        tags: [],
        locales: {
          en: { published: v('News', 'news'), draft: null },
          de: { published: v('Neuigkeiten', 'neuigkeiten'), draft: null },
        },
      },
      {
        id: ids.hello,
        type: 'blog-post',
        parentId: ids.news,
        position: 0,
        createdAt: t,
        tags: [{ name: 'Announcements', slug: 'announcements' }],
        locales: {
          en: {
            published: v('Hello world', 'hello', { meta_description: 'First post', mood: 'calm' }),
            draft: null,
          },
          de: {
            published: v('Hallo Welt', 'hallo', { meta_description: 'Erster Beitrag', mood: 'calm' }),
            draft: null,
          },
        },
      },
      {
        id: ids.englishOnly,
        type: 'blog-post',
        parentId: ids.news,
        position: 1,
        createdAt: t,
        tags: [],
        locales: { en: { published: v('English only', 'english-only'), draft: null } },
      },
      {
        id: ids.hidden,
        type: 'page',
        parentId: null,
        position: 3,
        createdAt: t,
        tags: [],
        locales: { en: { published: null, draft: v('Unpublished', 'unpublished') } },
      },
    ],
    menus: [
      {
        id: ids.mainMenu,
        name: 'Main',
        machineName: 'main',
        items: [
          {
            id: '00000000-0000-4000-8000-0000000000d2',
            label: { en: 'About', de: 'Über uns' },
            url: null,
            target: '_self',
            contentId: ids.about,
            children: [
              {
                id: '00000000-0000-4000-8000-0000000000d3',
                label: 'Team',
                url: null,
                target: '_self',
                contentId: ids.team,
                children: [],
              },
            ],
          },
          {
            id: '00000000-0000-4000-8000-0000000000d4',
            label: 'Only English',
            url: null,
            target: '_self',
            contentId: ids.englishOnly,
            children: [],
          },
          {
            id: '00000000-0000-4000-8000-0000000000d5',
            label: 'GitHub',
            url: 'https://github.com',
            target: '_blank',
            contentId: null,
            children: [],
          },
        ],
      },
    ],
    redirects: [
      { locale: 'en', fromPath: '/old-about', toPath: '/about', status: 301, contentId: null },
      { locale: 'de', fromPath: '/alt', toPath: null, status: 302, contentId: ids.about },
    ],
    controls: { 'features.plugins.website.badge': false, 'plugins.website.badge.text': 'Made with Verso' },
    website: {
      settings: {
        mode: 'designed',
        homeContentId: ids.home,
        notFoundContentId: null,
        passwordHash: null,
        revision: 1,
        indexing: true,
        titlePattern: '{title} · {site}',
        siteName: 'Fixture',
        description: 'A fixture',
        faviconId: null,
        shareImageId: null,
        headCode: '',
        bodyCode: '',
      },
      environments: [{ name: 'staging', notFoundContentId: null }],
      domains: [
        {
          host: 'fixture.test',
          primary: true,
          redirectToPrimary: false,
          locale: null,
          environment: 'production',
        },
        {
          host: 'de.fixture.test',
          primary: true,
          redirectToPrimary: false,
          locale: 'de',
          environment: 'production',
        },
      ],
      designs: [],
      formSubmissions: [],
    },
  };
}
