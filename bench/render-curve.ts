/**
 * The pure render (step 8 of a page, without its reads) of the demo's blog post with generated page designs
 * of a given number of nodes: what an uncached page costs as its design grows. Runs in the process of a
 * bench server (bench/run.ts `--serve … --render-curve`), on the services it opened.
 */
import { performance } from 'node:perf_hooks';
import type { Services } from '../cli/services.ts';
import type { DesignNode, PageDesign } from '../core/designs/index.ts';

export const POST = '/blog/we-moved-into-the-old-tram-depot';

/** A page design of `count` nodes over the blog post's fields: repeated teaser-like groups, spacers for the rest. */
export function pageOf(count: number): PageDesign {
  const children: DesignNode[] = [{ id: 'body', el: 'richtext', bind: { field: 'body' } }];
  let nodes = 2; // the root and the rich text
  for (let i = 0; nodes + 6 <= count; i++, nodes += 6) {
    children.push({
      id: `g${i}`,
      el: 'box',
      children: [
        { id: `g${i}-h`, el: 'heading', props: { level: 2 }, bind: { field: '$title' } },
        { id: `g${i}-x`, el: 'text', bind: { field: 'excerpt', format: { type: 'excerpt', length: 80 } } },
        {
          id: `g${i}-d`,
          el: 'text',
          bind: { field: '$publishedAt', format: { type: 'date', style: 'long' } },
        },
        { id: `g${i}-i`, el: 'image', bind: { field: 'cover' }, props: { variant: 'card' } },
        {
          id: `g${i}-l`,
          el: 'link',
          props: { href: '/blog', text: { en: 'All posts', de: 'Alle Beiträge' } },
        },
      ],
    });
  }
  for (; nodes < count; nodes++) children.push({ id: `s${nodes}`, el: 'spacer' });
  return { layout: 'default', root: { id: 'page', el: 'stack', props: { tag: 'article' }, children } };
}

export interface RenderTiming {
  nodes: number;
  bytes: number;
  median: number;
  p95: number;
}

/** Median and p95 of `renders` renders of the blog post for each design size. */
export async function renderCurve(
  services: Services,
  sizes: number[],
  renders: number,
): Promise<RenderTiming[]> {
  const { walkNodes } = await import('../core/designs/index.ts');
  const { sharedReader } = await import('../delivery/reader/index.ts');
  const { findDomain } = await import('../site/pipeline/find-domain.ts');
  const { loadDesigns } = await import('../site/pipeline/load-designs.ts');
  const { loadSite } = await import('../site/pipeline/load-site.ts');
  const { prepareRender } = await import('../site/pipeline/render-document.ts');
  const { renderPage } = await import('../site/render/render-page.tsx');
  const { siteStyles } = await import('../site/server/site-styles.ts');
  const { createStylesheetStore } = await import('../styles/stylesheet-store.ts');
  const { db, cache, log, mediaSecret } = services;
  const reader = sharedReader({ db, mediaSecret, blockDesigns: true });
  const styles = siteStyles({ store: createStylesheetStore(), log, mediaSecret });
  const deps = { db, reader, cache, log, mediaSecret, ttlSeconds: 300, styles };
  const domain = (await findDomain(deps, 'localhost'))!;
  const site = (await loadSite(deps, domain.spaceId))!;
  const designs = await loadDesigns(deps, site);
  const ctx = { spaceId: site.space.id, locale: 'en', tags: { addTags() {} } };
  const document = (await reader.byPermalink(ctx, POST.slice(1)))!;
  const out: RenderTiming[] = [];
  for (const size of sizes) {
    const page = pageOf(size);
    let nodes = 0;
    walkNodes(page.root, () => nodes++);
    designs.bundle.designs.pages['blog-post'] = page;
    const input = await prepareRender(deps, ctx, {
      site,
      domain,
      route: { kind: 'page', locale: 'en', permalink: POST.slice(1), prefix: '' },
      target: { host: 'localhost', port: '', protocol: 'http', path: POST, search: '' },
      document,
      notFound: false,
      designs,
    });
    const once = () =>
      renderPage({ ...input, ctx: { ...input.ctx, state: { images: 0, ids: 0, islands: new Set() } } });
    let bytes = 0;
    for (let i = 0; i < Math.min(200, renders); i++) bytes = once().length; // warm-up
    const times: number[] = [];
    for (let i = 0; i < renders; i++) {
      const start = performance.now();
      once();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    out.push({
      nodes,
      bytes,
      median: times[Math.floor(times.length / 2)]!,
      p95: times[Math.floor(times.length * 0.95)]!,
    });
  }
  return out;
}
