/**
 * The editor origins (`EDITOR_ORIGIN`, config `editorOrigin`): the admins that may frame the canvas
 * and talk to it. Pure: the route writes them into the canvas page, the browser app reads them back.
 */

/** The origins of the configured addresses (`https://admin.example/` → `https://admin.example`), once each. */
export function editorOrigins(configured: readonly string[] | undefined): string[] {
  const origins = new Set<string>();
  for (const address of configured ?? []) {
    try {
      const { origin } = new URL(address);
      // Only http(s) addresses have an origin a browser can match (`new URL('data:…').origin` is 'null').
      if (origin !== 'null') origins.add(origin);
    } catch {
      // Config validated them as URLs; anything else has no origin to allow.
    }
  }
  return [...origins];
}

/** The attribute of the canvas page's root element that lists the origins, space-separated. */
export const EDITOR_ORIGINS_ATTR = 'data-editor-origins';

/** The origins written in the page, back as a set. */
export function readEditorOrigins(value: string | null): ReadonlySet<string> {
  return new Set((value ?? '').split(' ').filter((o) => o !== '' && o !== 'null'));
}

/** The framing page's origin, when the browser tells it and it is an editor origin; else null. */
export function framingOrigin(
  allowed: ReadonlySet<string>,
  hints: { ancestorOrigins?: ArrayLike<string>; referrer: string },
): string | null {
  let candidate = hints.ancestorOrigins?.[0];
  if (candidate === undefined && hints.referrer) {
    try {
      candidate = new URL(hints.referrer).origin;
    } catch {
      candidate = undefined;
    }
  }
  if (candidate !== undefined && allowed.has(candidate)) return candidate;
  // One editor origin: it is the only page that may frame the canvas (frame-ancestors).
  return allowed.size === 1 ? [...allowed][0]! : null;
}
