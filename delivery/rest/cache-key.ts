/**
 * The tagged-cache key of a delivery answer: space, origin (asset addresses are absolute), route and its
 * parameters after parsing, in a fixed order, so that requests that mean the same share one entry
 * (`?expand=b,a` and `?expand=a,b`; an omitted `limit` and `limit=25`).
 */
export function answerKey(parts: {
  spaceId: string;
  origin: string;
  route: string;
  params: Record<string, unknown>;
}): string {
  const params = Object.keys(parts.params)
    .sort()
    .filter(
      (k) =>
        parts.params[k] !== undefined &&
        parts.params[k] !== '' &&
        !(Array.isArray(parts.params[k]) && (parts.params[k] as unknown[]).length === 0),
    )
    .map((k) => `${k}=${JSON.stringify(parts.params[k])}`)
    .join('&');
  return `rest:${parts.spaceId}:${parts.origin}:${parts.route}?${params}`;
}
