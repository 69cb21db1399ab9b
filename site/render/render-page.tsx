import { raw } from 'hono/html';
import { SKIP_LINK_CLASS } from '../../styles/class-names.ts';
import { layoutOf } from '../designs/site-designs.ts';
import { Head, type HeadModel } from '../head/head.ts';
import { Badge, type BadgeContent } from './badge.tsx';
import type { Env, RenderContext } from './context.ts';
import { htmlOf } from './html-of.ts';
import { registerComponentKind } from './nodes/component.tsx';
import { PreviewMarker } from './preview-marker.tsx';
import { nodeRegistry } from './registry.ts';
import { renderNode } from './render-node.tsx';
// Registers the built-in node kinds with the renderer's registry.
import './nodes/index.ts';
import { say } from './strings.ts';

export interface PageRenderInput {
  ctx: RenderContext;
  /** The head without island scripts: which islands a page needs is known after its body rendered. */
  head: Omit<HeadModel, 'scripts'>;
  islandScripts(names: readonly string[]): string[];
  /** The site's body code, placed at the end of body as the editor wrote it. */
  bodyCode: string;
  /** The badge (control `features.plugins.website.badge`): the last element of the body. */
  badge?: BadgeContent;
}

registerComponentKind(nodeRegistry);

const RTL = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv']);

/**
 * A whole page as static HTML: the page design of the document's type inside its layout, the
 * head, a skip link to `main`, and the body code. No hydration and no inline script.
 */
export function renderPage(input: PageRenderInput): string {
  const { ctx } = input;
  const doc = ctx.document;
  const page = ctx.designs.pages[doc.type]!;
  const layout = layoutOf(ctx.designs, page);
  const defs = ctx.fields.contentTypes[doc.type] ?? [];
  const pageEnv: Env = {
    ctx,
    scope: { ref: { kind: 'page', key: doc.type }, record: doc.fields, defs, inMain: true, inNav: false },
  };
  const layoutEnv: Env = {
    ctx,
    scope: {
      ref: { kind: 'layout', key: page.layout in ctx.designs.layouts ? page.layout : 'default' },
      record: doc.fields,
      defs,
      inMain: false,
      inNav: false,
      slot: () => renderNode(page.root, pageEnv),
    },
  };
  const body = renderNode(layout.root, layoutEnv);
  const head: HeadModel = { ...input.head, scripts: input.islandScripts([...ctx.state.islands].sort()) };
  const lang = ctx.locale;
  const html = (
    <html lang={lang} dir={RTL.has(lang.split('-')[0]!) ? 'rtl' : undefined}>
      <Head head={head} />
      <body>
        <a class={SKIP_LINK_CLASS} href="#main">
          {say('skip', lang)}
        </a>
        {body}
        {ctx.preview ? <PreviewMarker lang={lang} /> : null}
        {input.bodyCode ? raw(input.bodyCode) : null}
        {input.badge ? <Badge badge={input.badge} /> : null}
      </body>
    </html>
  );
  return `<!doctype html>${htmlOf(html)}`;
}
