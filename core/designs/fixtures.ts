import { defaultTheme } from './default-theme.ts';

/**
 * Valid designs for tests (here and in the importer, compiler and renderer): every record kind
 * and most node kinds. Typed loosely on purpose: tests mutate copies to make them invalid.
 */

export const ASSET = '0b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b5a';

export function validDesigns(): Record<string, unknown>[] {
  return structuredClone([
    { kind: 'theme', key: 'default', published: defaultTheme, draft: null },
    {
      kind: 'site',
      key: 'default',
      published: { logoId: ASSET, stickyHeader: true, headerMenuDesign: 'top-bar' },
    },
    {
      kind: 'layout',
      key: 'default',
      published: {
        root: {
          id: 'layout',
          el: 'box',
          children: [
            {
              id: 'header',
              el: 'section',
              props: { tag: 'header' },
              style: { base: { display: 'flex', justifyContent: 'space-between', paddingY: 'space:4' } },
              children: [
                { id: 'logo', el: 'logo' },
                { id: 'nav', el: 'menu', props: { menu: 'main', design: 'top-bar' } },
                { id: 'locales', el: 'localeSwitch', visibility: { breakpoints: ['desktop'] } },
              ],
            },
            { id: 'crumbs', el: 'breadcrumbs', props: { home: { en: 'Home', de: 'Start' } } },
            { id: 'main', el: 'slot' },
            {
              id: 'footer',
              el: 'text',
              bind: { field: '$site.name' },
              style: { base: { color: 'color:muted' } },
            },
          ],
        },
      },
      draft: null,
    },
    {
      kind: 'page',
      key: 'blog-post',
      published: {
        layout: 'default',
        descriptionField: 'summary',
        root: {
          id: 'article',
          el: 'stack',
          props: { tag: 'article' },
          style: { base: { gap: 'space:6', maxWidth: 'container:prose' }, mobile: { gap: 'space:4' } },
          children: [
            { id: 'title', el: 'heading', props: { level: 1 }, bind: { field: '$title' } },
            {
              id: 'date',
              el: 'text',
              bind: { field: '$publishedAt', format: { type: 'date', style: 'long' } },
              style: { base: { fontSize: 'type:sm', color: 'color:muted/80' } },
            },
            {
              id: 'cover',
              el: 'image',
              bind: { field: 'cover' },
              props: { variant: 'hero', loading: 'eager' },
            },
            { id: 'body', el: 'richtext', bind: { field: 'body' } },
            { id: 'content', el: 'blocks', props: { field: 'content' } },
            {
              id: 'contact',
              el: 'form',
              props: { key: 'contact', successMessage: 'Thanks!' },
              children: [
                {
                  id: 'email',
                  el: 'formField',
                  props: { name: 'email', label: 'E-mail', type: 'email', required: true },
                },
                { id: 'send', el: 'formSubmit', props: { text: { en: 'Send', de: 'Senden' } } },
                { id: 'result', el: 'formMessage' },
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
              style: {
                base: {
                  paddingY: 'space:16',
                  textAlign: 'center',
                  backgroundImage: {
                    type: 'linear',
                    angle: 180,
                    stops: [
                      { color: 'color:surface', at: 0 },
                      { color: 'color:bg', at: 100 },
                    ],
                  },
                },
              },
              children: [
                { id: 'h', el: 'heading', props: { level: 2 }, bind: { field: 'title' } },
                {
                  id: 'cta',
                  el: 'button',
                  bind: { field: 'link' },
                  style: { hover: { backgroundColor: 'color:accent' } },
                },
              ],
            },
          },
          imageLeft: {
            label: { en: 'Image left', de: 'Bild links' },
            root: {
              id: 'hero',
              el: 'grid',
              style: { base: { gridTemplateColumns: 2 }, mobile: { gridTemplateColumns: 1 } },
              children: [
                { id: 'img', el: 'image', bind: { field: 'image' } },
                { id: 'video', el: 'embed', props: { provider: 'youtube', id: 'dQw4w9WgXcQ' } },
              ],
            },
          },
        },
      },
    },
    {
      kind: 'menu',
      key: 'top-bar',
      published: {
        variant: 'dropdown',
        depth: 2,
        mobile: { behaviour: 'burger', collapseAt: 'tablet' },
        styles: { current: { base: { fontWeight: 600, color: 'color:primary' } } },
      },
    },
  ]);
}
