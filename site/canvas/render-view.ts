import type { Child } from 'hono/jsx';
import type { DesignRecord } from '../../core/designs/index.ts';
import { completeDesigns, type DesignBundle, layoutOf } from '../designs/site-designs.ts';
import { pagePath } from '../pipeline/site-urls.ts';
import { renderBlock } from '../render/block.tsx';
import type { ContentFields, Env, RenderContext, RenderData, Scope } from '../render/context.ts';
import { renderNode } from '../render/render-node.tsx';
// Registers the built-in node kinds with the renderer's registry.
import '../render/nodes/index.ts';
import type { RenderMessage } from './admin-messages.ts';
import { canvasContent } from './content.ts';
import type { CanvasWarning } from './protocol.ts';

/**
 * A `render` message drawn with the site's own components (site/render): the same render context
 * the pipeline builds for a page (render-document.ts), from the message instead of the database, and
 * the same scopes as render-page.tsx. Pure: Node tests render it to a string (hono/jsx), the browser
 * app into the page (hono/jsx/dom, build/canvas.ts).
 */

export interface CanvasView {
  body: Child;
  bundle: DesignBundle;
  /** The sample assets by id (the stylesheet's background images and uploaded fonts). */
  assets: RenderData['assets'];
  /** Design errors the components reported, in document order; a node is listed once. */
  warnings: CanvasWarning[];
  lang: string;
}

/** The renderer's right-to-left languages (as render-page.tsx). */
const RTL = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv']);

export function isRtl(locale: string): boolean {
  return RTL.has(locale.split('-')[0]!);
}

export function renderView(message: RenderMessage): CanvasView {
  const { site, locale, view } = message;
  const fields = message.fields as ContentFields;
  const { document, data } = canvasContent(message);
  const firstMenu = site.firstMenu ?? data.menus.keys().next().value ?? null;
  const bundle = completeDesigns({ stored: message.designs as unknown as DesignRecord[], fields, firstMenu });
  const homeId = site.homeId ?? null;
  const prefix = locale === site.defaultLocale ? '' : `/${locale}`;
  const href = (d: { id: string; permalink: string }) => pagePath(prefix, d.id === homeId ? '' : d.permalink);

  const warnings: CanvasWarning[] = [];
  const seen = new Set<string>();
  const ctx: RenderContext = {
    locale,
    defaultLocale: site.defaultLocale,
    locales: site.locales,
    document,
    site: { name: site.name, homeId },
    designs: bundle.designs,
    fields,
    data,
    href: { document: href, home: () => pagePath(prefix, ''), current: href(document) },
    warn(ref, nodeId, text) {
      const key = `${ref.kind}/${ref.key}/${ref.variant ?? ''}/${nodeId}`;
      if (seen.has(key)) return;
      seen.add(key);
      const node = {
        kind: ref.kind,
        key: ref.key,
        ...(ref.variant ? { variant: ref.variant } : {}),
        id: nodeId,
      };
      warnings.push({ node, message: text });
    },
    state: { images: 0, ids: 0, islands: new Set() },
  };

  const pageScope: Scope = {
    ref: { kind: 'page', key: document.type },
    record: document.fields,
    defs: fields.contentTypes[document.type] ?? [],
    inMain: true,
    inNav: false,
  };
  let body: Child;
  if (view.kind === 'block') {
    const block = { ...view.block, fields: view.block.fields ?? {} };
    body = renderBlock(block as Parameters<typeof renderBlock>[0], { ctx, scope: pageScope });
  } else if (view.kind === 'menu') {
    const node = {
      id: 'menu',
      el: 'menu' as const,
      props: { menu: view.menu, ...(view.design ? { design: view.design } : {}) },
    };
    body = renderNode(node, { ctx, scope: { ...pageScope, ref: { kind: 'menu', key: view.design ?? '' } } });
  } else {
    body = renderPage(ctx, pageScope, view.layout);
  }
  return { body, bundle, assets: data.assets, warnings, lang: locale };
}

/**
 * The document's page design inside a layout: its own (`layout` undefined), the one named (an edited
 * layout previewed around a sample page), or none (`null`: the page design alone).
 */
function renderPage(ctx: RenderContext, pageScope: Scope, layoutKey: string | null | undefined): Child {
  const page = ctx.designs.pages[ctx.document.type];
  if (!page) throw new Error(`no page design for the content type "${ctx.document.type}"`);
  const pageEnv: Env = { ctx, scope: pageScope };
  if (layoutKey === null) return renderNode(page.root, pageEnv);
  const key = layoutKey ?? (page.layout in ctx.designs.layouts ? page.layout : 'default');
  const layout = layoutKey === undefined ? layoutOf(ctx.designs, page) : ctx.designs.layouts[key];
  if (!layout) throw new Error(`no layout "${key}"`);
  const layoutEnv: Env = {
    ctx,
    scope: {
      ...pageScope,
      ref: { kind: 'layout', key },
      inMain: false,
      slot: () => renderNode(page.root, pageEnv),
    },
  };
  return renderNode(layout.root, layoutEnv);
}
