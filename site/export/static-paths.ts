/**
 * Where an address of the site lands in the exported folder (docs/static-export.md, "Files"). Pages are
 * `.html` files beside their folder (`/about` → `about.html`, `/blog/post` → `blog/post.html`, `/` →
 * `index.html`), which Netlify, Cloudflare Pages, GitHub Pages and nginx (`try_files $uri $uri.html`)
 * serve at the address without the extension and without a trailing-slash redirect. Other files keep
 * their path; the query string (a media signature) is dropped, as static hosts ignore it.
 */

/** The file of a page path; null for a path no file can hold (`..`, an empty segment, a NUL). */
export function pageFile(path: string): string | null {
  if (path === '/' || path === '') return 'index.html';
  const segments = path.replace(/^\/+/, '').split('/');
  if (!segments.every(safeSegment)) return null;
  return `${segments.join('/')}.html`;
}

/** The file of a referenced asset path (`/_site/…`, `/media/…`), without its query; null when unsafe. */
export function assetFile(path: string): string | null {
  const bare = path.split(/[?#]/)[0]!;
  const segments = bare.replace(/^\/+/, '').split('/');
  if (!segments.every(safeSegment)) return null;
  return segments.join('/');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the check refuses.
const UNSAFE = /[\u0000-\u001f\\]/;
const safeSegment = (s: string) => s !== '' && s !== '.' && s !== '..' && !UNSAFE.test(s) && s.length <= 255;

/** The 404 page of a locale prefix (`''` or `/de`): `404.html`, `de/404.html`. */
export function notFoundFile(prefix: string): string {
  return prefix ? `${prefix.replace(/^\/+/, '')}/404.html` : '404.html';
}
