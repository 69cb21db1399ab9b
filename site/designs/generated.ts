import type {
  BlockDesign,
  DesignNode,
  LayoutDesign,
  PageDesign,
  SiteDesign,
  Style,
  Theme,
} from '../../core/designs/index.ts';
import type { FieldDef } from '../render/context.ts';

/**
 * Generated designs (designs.md): what a kind nobody stored looks like. They are ordinary design
 * records built from the content model and the theme, so the renderer and the style compiler
 * treat them like stored ones: a block shows every field top to bottom, a page its title and then
 * every public field, the default layout the logo (or site name) and a menu in a header, the page
 * in `main`, and the site name in a footer.
 */

/** The space token closest to what a generated design wants, among those the theme defines. */
function space(theme: Theme, want: number): string {
  const keys = Object.keys(theme.space);
  if (keys.includes(String(want))) return `space:${want}`;
  const numeric = keys.filter((k) => /^\d+$/.test(k)).map(Number);
  if (!numeric.length) return `space:${keys[Math.floor(keys.length / 2)] ?? '0'}`;
  const best = numeric.reduce((a, b) => (Math.abs(b - want) < Math.abs(a - want) ? b : a));
  return `space:${best}`;
}

function container(theme: Theme, prose = false): string {
  return `container:${prose && theme.containers.widths.prose ? 'prose' : theme.containers.default}`;
}

/** The style that keeps content in the theme's default container, with side gutters. */
function contained(theme: Theme, prose = false): NonNullable<Style['base']> {
  return { maxWidth: container(theme, prose), marginX: 'auto', paddingX: space(theme, 6), width: '100%' };
}

/** A node showing one field; `path` is how a binding names it (`name`, or `item.name` in a repeat). */
function fieldNode(theme: Theme, def: FieldDef, id: string, path: string): DesignNode | null {
  const bind = { field: path };
  switch (def.type) {
    case 'string':
    case 'text':
    case 'select':
    case 'user':
      return { id, el: 'text', bind };
    case 'number':
      return { id, el: 'text', bind: { ...bind, format: { type: 'number' } } };
    case 'date':
      return { id, el: 'text', bind: { ...bind, format: { type: 'date', style: 'medium' } } };
    case 'richText':
      return { id, el: 'richtext', bind };
    case 'image':
      return {
        id,
        el: 'image',
        bind,
        props: { variant: 'hero' },
        style: { base: { width: '100%', borderRadius: 'radius:md' } },
      };
    case 'file':
    case 'link':
      return { id, el: 'link', bind };
    case 'content':
      return def.multiple ? { id, el: 'text', bind } : { id, el: 'link', bind };
    case 'blocks':
      return path.includes('.') ? null : { id, el: 'blocks', props: { field: def.name } };
    case 'repeater': {
      if (path.includes('.')) return null;
      const children = (def.fields ?? [])
        .map((sub) => fieldNode(theme, sub, `${id}-${sub.name}`, `item.${sub.name}`))
        .filter((n): n is DesignNode => n !== null);
      return {
        id,
        el: 'stack',
        visibility: { whenField: def.name },
        style: { base: { gap: space(theme, 2) } },
        children: [{ id: `${id}-items`, el: 'repeat', props: { field: def.name }, children }],
      };
    }
    default:
      return null;
  }
}

function fieldNodes(theme: Theme, defs: readonly FieldDef[]): DesignNode[] {
  return defs
    .filter((d) => d.public !== false)
    .map((d) => fieldNode(theme, d, `f-${d.name}`, d.name))
    .filter((n): n is DesignNode => n !== null);
}

export function generatedPage(theme: Theme, defs: readonly FieldDef[]): PageDesign {
  return {
    layout: 'default',
    root: {
      id: 'page',
      el: 'stack',
      props: { tag: 'article' },
      style: {
        base: { ...contained(theme), gap: space(theme, 6), paddingY: space(theme, 12) },
        mobile: { paddingY: space(theme, 8) },
      },
      children: [
        { id: 'title', el: 'heading', props: { level: 1 }, bind: { field: '$title' } },
        ...fieldNodes(theme, defs),
      ],
    },
  };
}

export function generatedBlock(theme: Theme, defs: readonly FieldDef[]): BlockDesign {
  return {
    default: 'generated',
    variants: {
      generated: {
        label: 'Generated',
        root: {
          id: 'block',
          el: 'section',
          style: {
            base: {
              display: 'flex',
              flexDirection: 'column',
              gap: space(theme, 4),
              paddingY: space(theme, 6),
            },
          },
          children: fieldNodes(theme, defs),
        },
      },
    },
  };
}

/** The default layout: header with logo (or name), the header menu and the locale switch; main; footer. */
export function generatedLayout(theme: Theme, site: SiteDesign, menu: string | null): LayoutDesign {
  const bar = {
    ...contained(theme),
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
  } as const;
  const header: DesignNode[] = [{ id: 'logo', el: 'logo' }];
  if (menu)
    header.push({
      id: 'menu',
      el: 'menu',
      props: { menu, ...(site.headerMenuDesign ? { design: site.headerMenuDesign } : {}) },
    });
  header.push({ id: 'locales', el: 'localeSwitch', props: { display: 'code' } });
  return {
    root: {
      id: 'layout',
      el: 'box',
      style: { base: { display: 'flex', flexDirection: 'column', minHeight: '100vh' } },
      children: [
        {
          id: 'header',
          el: 'box',
          props: { tag: 'header' },
          children: [
            {
              id: 'bar',
              el: 'box',
              style: { base: { ...bar, gap: space(theme, 6), paddingY: space(theme, 4), flexWrap: 'wrap' } },
              children: header,
            },
          ],
        },
        {
          id: 'main',
          el: 'box',
          props: { tag: 'main' },
          style: { base: { flex: 1 } },
          children: [{ id: 'slot', el: 'slot' }],
        },
        {
          id: 'footer',
          el: 'box',
          props: { tag: 'footer' },
          style: {
            base: {
              backgroundColor: 'color:surface',
              paddingY: space(theme, 8),
              marginTop: space(theme, 12),
            },
          },
          children: [
            {
              id: 'footer-text',
              el: 'text',
              ...(site.footerText ? { props: { text: site.footerText } } : { bind: { field: '$site.name' } }),
              style: { base: { ...contained(theme), color: 'color:muted', fontSize: 'type:sm' } },
            },
          ],
        },
      ],
    },
  };
}

/** The synthetic type of the generated "Page not found" page (no content type can be named so). */
export const NOT_FOUND_TYPE = 'generated-not-found';
export const NOT_FOUND_FIELDS: FieldDef[] = [
  { name: 'text', type: 'text' },
  { name: 'home', type: 'link' },
];

/** The generated "Page not found" page: its title, a sentence, and a link home. */
export function generatedNotFoundPage(theme: Theme): PageDesign {
  return {
    layout: 'default',
    root: {
      id: 'page',
      el: 'stack',
      props: { tag: 'article' },
      style: { base: { ...contained(theme), gap: space(theme, 4), paddingY: space(theme, 16) } },
      children: [
        { id: 'title', el: 'heading', props: { level: 1 }, bind: { field: '$title' } },
        { id: 'text', el: 'text', bind: { field: 'text' }, style: { base: { color: 'color:muted' } } },
        { id: 'home', el: 'link', bind: { field: 'home' } },
      ],
    },
  };
}
