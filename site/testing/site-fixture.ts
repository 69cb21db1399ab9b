import { fixtureSpace, ids } from '../../core/testing/fixture-space.ts';

/**
 * The shared fixture space plus what site tests need: designs that use every node kind, more
 * domains (a redirecting one, a staging one), a not-found document and a document whose title is
 * markup. Built here from `fixtureSpace()` so the shared fixture stays as other tests know it.
 */
export const siteIds = {
  ...ids,
  /** page `lost`, the configured not-found document (en, de). */
  notFound: '00000000-0000-4000-8000-0000000005a1',
  /** page `markup` (en) whose title is `<script>alert(1)</script>`. */
  markup: '00000000-0000-4000-8000-0000000005a2',
  /** page `staging-lost` (en), the staging environment's own not-found document. */
  stagingNotFound: '00000000-0000-4000-8000-0000000005a3',
} as const;

const t = '2026-01-01T00:00:00.000Z';
const version = (title: string, slug: string, fields: Record<string, unknown> = {}) => ({
  published: { title, slug, fields, publishedAt: t, updatedAt: t },
  draft: null,
});

/** Designs of the fixture: every node kind appears at least once (checked by render tests). */
export function siteDesigns(): Record<string, unknown>[] {
  return [
    { kind: 'site', key: 'default', published: { logoId: ids.image, logoHeight: 32 } },
    {
      kind: 'layout',
      key: 'default',
      published: {
        root: {
          id: 'frame',
          el: 'box',
          children: [
            {
              id: 'top',
              el: 'section',
              props: { tag: 'header' },
              children: [
                { id: 'logo', el: 'logo' },
                { id: 'nav', el: 'menu', props: { menu: 'main', design: 'top' } },
                { id: 'locales', el: 'localeSwitch', visibility: { breakpoints: ['desktop', 'tablet'] } },
              ],
            },
            { id: 'main', el: 'box', props: { tag: 'main' }, children: [{ id: 'slot', el: 'slot' }] },
            {
              id: 'bottom',
              el: 'stack',
              props: { tag: 'footer' },
              children: [
                { id: 'rule', el: 'divider' },
                { id: 'gap', el: 'spacer', props: { size: 'space:4' } },
                { id: 'name', el: 'text', bind: { field: '$site.name' }, props: { tag: 'small' } },
              ],
            },
          ],
        },
      },
    },
    {
      kind: 'page',
      key: 'page',
      published: {
        layout: 'default',
        descriptionField: 'summary',
        root: {
          id: 'article',
          el: 'stack',
          props: { tag: 'article' },
          children: [
            { id: 'crumbs', el: 'breadcrumbs', props: { home: { en: 'Home', de: 'Start' } } },
            { id: 'title', el: 'heading', props: { level: 1 }, bind: { field: '$title' } },
            { id: 'summary', el: 'text', bind: { field: 'summary', format: { type: 'excerpt', length: 8 } } },
            {
              id: 'date',
              el: 'text',
              bind: { field: '$publishedAt', format: { type: 'date', style: 'long' } },
            },
            { id: 'author', el: 'text', bind: { field: '$author' }, visibility: { whenField: 'author' } },
            { id: 'rank', el: 'text', bind: { field: 'rank', format: { type: 'number' } } },
            { id: 'hero', el: 'image', bind: { field: 'hero' }, props: { variant: 'hero', sizes: '100vw' } },
            { id: 'body', el: 'richtext', bind: { field: 'body' } },
            { id: 'cta', el: 'link', bind: { field: 'cta' } },
            { id: 'cta-button', el: 'button', bind: { field: 'cta' }, visibility: { whenField: 'cta' } },
            { id: 'related', el: 'text', bind: { field: 'related' } },
            {
              id: 'clip',
              el: 'video',
              props: { assetId: ids.image, controls: true },
              visibility: { whenField: 'cta' },
            },
            {
              id: 'film',
              el: 'embed',
              props: { provider: 'youtube', id: 'dQw4w9WgXcQ', title: 'A film' },
              visibility: { whenField: 'cta' },
            },
            {
              id: 'grid',
              el: 'grid',
              children: [
                { id: 'star', el: 'icon', props: { name: 'check', label: { en: 'Done', de: 'Fertig' } } },
              ],
            },
            {
              id: 'content',
              el: 'blocks',
              props: { field: 'content' },
              children: [{ id: 'wrap', el: 'box', children: [{ id: 'one', el: 'block' }] }],
            },
            {
              id: 'contact',
              el: 'form',
              props: { key: 'contact', successMessage: { en: 'Thanks!', de: 'Danke!' } },
              visibility: { whenField: 'cta' },
              children: [
                { id: 'result', el: 'formMessage' },
                {
                  id: 'email',
                  el: 'formField',
                  props: { name: 'email', label: 'E-mail', type: 'email', required: true },
                },
                {
                  id: 'topic',
                  el: 'formField',
                  props: {
                    name: 'topic',
                    label: 'Topic',
                    type: 'select',
                    options: [{ value: 'a', label: 'A' }],
                  },
                },
                { id: 'send', el: 'formSubmit', props: { text: { en: 'Send', de: 'Senden' } } },
              ],
            },
          ],
        },
      },
    },
    {
      kind: 'block',
      key: 'hero',
      published: {
        default: 'centered',
        variants: {
          centered: {
            label: 'Centered',
            root: {
              id: 'hero',
              el: 'section',
              children: [
                { id: 'h', el: 'heading', props: { level: 2 }, bind: { field: 'heading' } },
                { id: 'go', el: 'link', bind: { field: 'link' }, props: { text: 'Go' } },
              ],
            },
          },
          imageLeft: {
            label: 'Image left',
            root: {
              id: 'hero',
              el: 'grid',
              children: [
                { id: 'img', el: 'image', bind: { field: 'image' } },
                { id: 'h', el: 'heading', props: { level: 2 }, bind: { field: 'heading' } },
                { id: 'target', el: 'text', bind: { field: 'link.$title' } },
              ],
            },
          },
        },
      },
    },
    {
      kind: 'block',
      key: 'faq',
      published: {
        default: 'list',
        variants: {
          list: {
            label: 'List',
            root: {
              id: 'faq',
              el: 'section',
              children: [
                {
                  id: 'items',
                  el: 'repeat',
                  props: { field: 'items' },
                  children: [
                    { id: 'q', el: 'heading', props: { level: 3 }, bind: { field: 'item.question' } },
                    { id: 'see', el: 'link', bind: { field: 'item.see' } },
                  ],
                },
              ],
            },
          },
        },
      },
    },
    {
      kind: 'menu',
      key: 'top',
      published: { variant: 'dropdown', depth: 2, mobile: { behaviour: 'burger', collapseAt: 'tablet' } },
    },
  ];
}

export function siteFixture(): Record<string, unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: the export format is edited by path here, as in the shared fixture
  const space = fixtureSpace() as Record<string, any>;
  space.documents.push(
    {
      id: siteIds.notFound,
      type: 'page',
      parentId: null,
      position: 10,
      createdAt: t,
      tags: [],
      locales: {
        en: version('Lost', 'lost', { summary: 'Nothing here' }),
        de: version('Verirrt', 'verirrt'),
      },
    },
    {
      id: siteIds.markup,
      type: 'page',
      parentId: null,
      position: 11,
      createdAt: t,
      tags: [],
      locales: { en: version('<script>alert(1)</script>', 'markup', { summary: '<b>bold</b> & "quoted"' }) },
    },
    {
      id: siteIds.stagingNotFound,
      type: 'page',
      parentId: null,
      position: 12,
      createdAt: t,
      tags: [],
      locales: { en: version('Staging lost', 'staging-lost') },
    },
  );
  const website = space.website;
  website.settings.notFoundContentId = siteIds.notFound;
  website.environments = [{ name: 'staging', notFoundContentId: siteIds.stagingNotFound }];
  website.domains.push(
    {
      host: 'www.fixture.test',
      primary: false,
      redirectToPrimary: true,
      locale: null,
      environment: 'production',
    },
    {
      host: 'staging.fixture.test',
      primary: false,
      redirectToPrimary: false,
      locale: null,
      environment: 'staging',
    },
    {
      host: 'alias.fixture.test',
      primary: false,
      redirectToPrimary: false,
      locale: null,
      environment: 'production',
    },
  );
  website.designs = siteDesigns();
  return space;
}

/**
 * The site fixture whose about page's body (en) also shows an image and links to a site path, as an editor may
 * write it: what feeds render into their items' content.
 */
export function siteFixtureWithRichBody(): Record<string, unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: the export format is edited by path here, as in the shared fixture
  const space = siteFixture() as { documents: Array<{ id: string; locales: Record<string, any> }> };
  const body = space.documents.find((d) => d.id === ids.about)!.locales.en.published.fields.body;
  body.content.push(
    { type: 'image', attrs: { assetId: ids.image, alt: 'Our roaster' } },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Write to us', marks: [{ type: 'link', attrs: { href: '/contact' } }] },
      ],
    },
  );
  return space;
}
