/**
 * The local files a page, stylesheet or script refers to, so that the export writes exactly those (never an
 * unreferenced or hidden asset). Only addresses under `/_site/` and `/media/` are files of the site; pages
 * are listed from the content, not crawled. Absolute addresses count when their host is one of `hosts` (a
 * canonical domain of the space: Open Graph images are absolute).
 */
const FILE_PREFIXES = ['/_site/', '/media/'];

function local(raw: string, hosts: ReadonlySet<string>): string | null {
  // Most addresses of a page are links to pages (a menu of 200 items): they name neither prefix anywhere, and
  // skipping them before any parsing halves the time of a page's references.
  if (!raw.includes('/_site/') && !raw.includes('/media/')) return null;
  const value = raw.trim().replace(/&amp;/g, '&');
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (!hosts.has(url.hostname.toLowerCase())) return null;
    path = url.pathname + url.search;
  } else if (!value.startsWith('/') || value.startsWith('//')) {
    return null;
  }
  return FILE_PREFIXES.some((p) => path.startsWith(p)) ? path : null;
}

/** `src`, `href`, `content`, `poster` and every `srcset` candidate of an HTML page. */
export function htmlRefs(html: string, hosts: ReadonlySet<string> = new Set()): string[] {
  const found = new Set<string>();
  const attr = /\s(src|href|content|poster|srcset|imagesrcset)="([^"]*)"/g;
  for (const m of html.matchAll(attr)) {
    const values = m[1]!.endsWith('srcset')
      ? m[2]!.split(',').map((c) => c.trim().split(/\s+/)[0]!)
      : [m[2]!];
    for (const v of values) {
      const path = local(v, hosts);
      if (path) found.add(path);
    }
  }
  // Inline styles may name a background image.
  for (const path of cssRefs(html)) found.add(path);
  return [...found];
}

/** Every `url(…)` of a stylesheet that is a file of the site. */
export function cssRefs(css: string): string[] {
  const found = new Set<string>();
  for (const m of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/g)) {
    const path = local((m[1] ?? m[2] ?? m[3] ?? '').replace(/&quot;/g, ''), new Set());
    if (path) found.add(path);
  }
  return [...found];
}

/** Addresses of site files a bundled script names (islands are single files; this keeps a later split honest). */
export function jsRefs(js: string): string[] {
  const found = new Set<string>();
  for (const m of js.matchAll(/["'`](\/_site\/[\w./-]+)["'`]/g)) found.add(m[1]!);
  return [...found];
}
