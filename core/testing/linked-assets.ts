/**
 * The same-site files a page links (stylesheets, preloads, scripts, images and their srcsets, and what its
 * stylesheets link: fonts, background images), for checks that another process answers them all (issue 39).
 */

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const unentity = (s: string) => s.replaceAll('&amp;', '&');
const sameSite = (u: string) => u.startsWith('/') && !u.startsWith('//');

/** Same-site addresses a page links as files, in the order they appear, each once. */
export function linkedAssets(html: string): string[] {
  const out = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:link|script|img|source)\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    if (tag.startsWith('<link') && rel !== 'stylesheet' && rel !== 'preload' && rel !== 'icon') continue;
    for (const name of ['href', 'src']) {
      const v = attr(tag, name);
      if (v) out.add(unentity(v));
    }
    for (const part of (attr(tag, 'srcset') ?? '').split(',')) {
      const url = part.trim().split(/\s+/)[0];
      if (url) out.add(unentity(url));
    }
  }
  return [...out].filter(sameSite);
}

/** `url(...)` of a stylesheet, same-site only. */
export function cssUrls(css: string): string[] {
  return [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((m) => m[1]!).filter(sameSite);
}

/**
 * Asks for every file of `urls` on `host` through `get` (and for what the stylesheets among them link); the
 * ones not answered 200, as `<status> <host><url>`. `seen` spares asking twice across pages.
 */
export async function unansweredAssets(
  get: (path: string, host: string) => Promise<{ status: number; body: string }>,
  host: string,
  urls: readonly string[],
  seen = new Set<string>(),
): Promise<string[]> {
  const failed: string[] = [];
  for (const url of urls) {
    if (seen.has(`${host}${url}`)) continue;
    seen.add(`${host}${url}`);
    const answer = await get(url, host);
    if (answer.status !== 200) failed.push(`${answer.status} ${host}${url}`);
    else if (url.split('?')[0]!.endsWith('.css'))
      failed.push(...(await unansweredAssets(get, host, cssUrls(answer.body), seen)));
  }
  return failed;
}
