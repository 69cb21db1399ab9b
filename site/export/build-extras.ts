import type { FileEntry, Manifest } from './build-manifest.ts';
import { BuildSiteError } from './build-options.ts';
import type { Rendered } from './direct-pages.ts';
import { assetFile } from './static-paths.ts';
import { cssRefs, jsRefs } from './static-refs.ts';

/** What the build's later stages do with a file: ask the app, keep the previous build's copy, or write it. */
export interface BuildIo {
  get(path: string): Promise<{ status: number; rendered: Rendered }>;
  keep(file: string): FileEntry | undefined;
  put(file: string, rendered: Rendered): Promise<void>;
}

const sitemapParts = (text: string) =>
  [...text.matchAll(/<loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/g)].map((m) => `/${m[1]}`);

/**
 * The sitemap (absent when indexing is off; past 50,000 addresses an index of parts, each a file) and robots.txt,
 * whose sitemap address names the base URL's origin when the build's base is another host than the site's.
 */
export async function sitemapAndRobots(
  io: BuildIo,
  options: { previousFiles: string[]; robotsOrigins: { site: string; base: string } | undefined },
): Promise<void> {
  const previousParts = options.previousFiles.filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const paths = ['/sitemap.xml', '/robots.txt'];
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i]!;
    if (io.keep(path.slice(1))) {
      if (path === '/sitemap.xml') paths.push(...previousParts.map((f) => `/${f}`));
      continue;
    }
    const { status, rendered } = await io.get(path);
    if (status === 404 && path === '/sitemap.xml') continue;
    if (status !== 200) throw new BuildSiteError(`${path} answered ${status}.`);
    if (path === '/sitemap.xml')
      paths.push(...sitemapParts(new TextDecoder().decode(rendered.body)).filter((p) => !paths.includes(p)));
    const origins = options.robotsOrigins;
    if (path === '/robots.txt' && origins) {
      const text = new TextDecoder()
        .decode(rendered.body)
        .replace(`${origins.site}/sitemap.xml`, `${origins.base}/sitemap.xml`);
      rendered.body = new TextEncoder().encode(text);
    }
    await io.put(path.slice(1), rendered);
  }
}

/** Every file the build's files refer to, and what those refer to (stylesheet fonts, island chunks); nothing else. */
export async function referredFiles(files: Manifest['files'], io: BuildIo): Promise<void> {
  const seen = new Set<string>();
  for (const file in files) for (const ref of files[file]!.refs) seen.add(ref);
  const queue = [...seen];
  while (queue.length) {
    const ref = queue.shift()!;
    const file = assetFile(ref);
    if (!file) throw new BuildSiteError(`A page refers to ${ref}, which no file can hold.`);
    if (files[file]) continue;
    if (!io.keep(file)) {
      const { status, rendered } = await io.get(ref);
      if (status !== 200) throw new BuildSiteError(`${ref}, which a page refers to, answered ${status}.`);
      const type = rendered.headers.get('content-type') ?? '';
      const text = () => new TextDecoder().decode(rendered.body);
      rendered.refs = type.startsWith('text/css')
        ? cssRefs(text())
        : type.includes('javascript')
          ? jsRefs(text())
          : [];
      await io.put(file, rendered);
    }
    for (const next of files[file]!.refs)
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  }
}
