/**
 * Forms of an exported page (`verso build-site --form-endpoint`, docs/static-export.md): their action
 * points at a running website process, their render stamp becomes a build stamp (the page is not
 * rendered per visitor), and the page's CSP lets them post and read the answer there. Pure: the build
 * hands in the stamper.
 */

const FORM = /<form\b[^>]*\baction="(\/_cms\/forms\/([^/"]+)\/([^/"]+)\/([^/"]+))"[^>]*>[\s\S]*?<\/form>/g;
const STAMP = /(<input type="hidden" name="_stamp" value=")[^"]*("\/>)/;

const decodeSegment = (s: string) => decodeURIComponent(s.replace(/&amp;/g, '&'));

/** Every form of `html` posting to `endpoint` (an origin) with a stamp from `stampOf(formRef)`; the actions found. */
export function pointForms(
  html: string,
  endpoint: string,
  stampOf: (formRef: string) => string,
): { html: string; actions: string[] } {
  const actions: string[] = [];
  const out = html.replace(FORM, (form, action: string, kind: string, key: string, node: string) => {
    actions.push(action);
    const ref = `${decodeSegment(kind)}/${decodeSegment(key)}/${decodeSegment(node)}`;
    const stamp = stampOf(ref);
    const pointed = form.replace(`action="${action}"`, `action="${endpoint}${action}"`);
    // A form rendered without a stamp (no secret) gets one, right after its opening tag.
    return STAMP.test(pointed)
      ? pointed.replace(STAMP, (_m, open: string, close: string) => `${open}${stamp}${close}`)
      : pointed.replace(
          /^<form\b[^>]*>/,
          (tag) => `${tag}<input type="hidden" name="_stamp" value="${stamp}"/>`,
        );
  });
  return { html: out, actions };
}

/**
 * The page CSP with `origin` added to `form-action` (plain posts) and `connect-src` (the island's fetch).
 * An absent `form-action` restricts nothing and stays absent; an absent `connect-src` falls back to
 * `default-src`, which gets the origin instead.
 */
export function allowFormEndpoint(csp: string, origin: string): string {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const extend = (name: string): boolean => {
    const i = directives.findIndex((d) => d === name || d.startsWith(`${name} `));
    if (i === -1) return false;
    const sources = directives[i]!.split(/\s+/).slice(1);
    if (!sources.includes(origin))
      directives[i] = [name, ...sources.filter((s) => s !== "'none'"), origin].join(' ');
    return true;
  };
  extend('form-action');
  if (!extend('connect-src')) extend('default-src');
  return directives.join('; ');
}

/** The headers the site sends with every page (security headers and CSP), in their usual spelling; the CSP lets forms reach `endpoint`. */
export function pageSecurityHeaders(headers: Headers, endpoint?: string): Array<[string, string]> {
  const names = [
    'X-Content-Type-Options',
    'Referrer-Policy',
    'Cross-Origin-Opener-Policy',
    'Cross-Origin-Resource-Policy',
    'X-Frame-Options',
    'Content-Security-Policy',
  ];
  return names.flatMap((n) => {
    const v = headers.get(n);
    if (!v) return [];
    return [
      [n, endpoint && n === 'Content-Security-Policy' ? allowFormEndpoint(v, endpoint) : v] as [
        string,
        string,
      ],
    ];
  });
}

/**
 * Forms post to the site process, which a static host is not: each is named once, by the first page in the
 * build's page order that carries it (pages render a few at a time, so the first to finish varies).
 */
export function noteForms(
  html: string,
  page: { path: string; rank: number },
  seen: Map<string, { path: string; rank: number }>,
): void {
  for (const m of html.matchAll(/<form[^>]*action="(\/_cms\/forms\/[^"]+)"/g)) {
    const known = seen.get(m[1]!);
    if (!known || page.rank < known.rank) seen.set(m[1]!, page);
  }
}

/** The warnings of the forms `noteForms` found, in page order. */
export function formWarnings(seen: Map<string, { path: string; rank: number }>): string[] {
  return [...seen]
    .sort((a, b) => a[1].rank - b[1].rank || (a[0] < b[0] ? -1 : 1))
    .map(
      ([action, { path }]) =>
        `${path}: the form posting to ${action} needs a Verso website process; on a static host it cannot be sent.`,
    );
}
