import type { Queryable } from '../db/types.ts';
import type { ApiPrincipal } from './api-keys.ts';

/**
 * The confirmation page of `GET /auth/link` (docs/studio.md, "The one-time link"): shown instead of signing
 * in when the link was not typed in or followed from the management origin itself, or when the browser is
 * signed in as another key. Plain HTML: a form that posts the token back, no script, no style, no frame.
 */
export const LINK_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // The address carries the token: only the management origin may see it as a referrer.
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** How a page names a key: its name, role and spaces (`"Ada" (editor, space demo)`); never any of its secret. */
export async function keyLabel(db: Queryable, key: ApiPrincipal): Promise<string> {
  let spaces = 'every space';
  if (key.spaceIds !== null) {
    const res = await db.query<{ name: string }>(
      'select name from spaces where id = any($1::uuid[]) order by name',
      [key.spaceIds],
    );
    const names = res.rows.map((r) => r.name);
    spaces =
      names.length === 0 ? 'no space' : `${names.length === 1 ? 'space' : 'spaces'} ${names.join(', ')}`;
  }
  const name = key.name.trim() === '' ? 'an unnamed key' : `“${key.name}”`;
  return `${name} (${key.role}, ${spaces})`;
}

export interface LinkPageArgs {
  token: string;
  /** The key the link signs in as. */
  target: string;
  /** The key the browser is signed in as now, when another. */
  current: { keyId: string; label: string } | null;
}

export function linkPage(args: LinkPageArgs): string {
  const target = escapeHtml(args.target);
  const question = args.current
    ? `<p id="current">You are signed in as ${escapeHtml(args.current.label)}; continue as ${target}?</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Verso Studio</title></head>
<body><main>
<h1>Sign in to Verso Studio</h1>
<p id="target">This one-time link signs this browser in as ${target}.</p>
${question}<form method="post" action="/auth/link">
<input type="hidden" name="token" value="${escapeHtml(args.token)}">
<input type="hidden" name="current" value="${escapeHtml(args.current?.keyId ?? '')}">
<button type="submit">${args.current ? 'Continue as' : 'Sign in as'} ${target}</button>
</form>
<p><a href="/studio">Cancel</a></p>
</main></body></html>
`;
}
