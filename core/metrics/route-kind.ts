/** Path prefixes and the route kind they count as; the first that matches wins. */
const PREFIXES: Array<[string, string]> = [
  ['/v1/', 'rest'],
  ['/graphql', 'graphql'],
  ['/media/', 'media'],
  ['/_site/', 'asset'],
  ['/_cms/', 'canvas'],
  ['/rpc/', 'rpc'],
  ['/auth/', 'auth'],
  ['/studio', 'studio'],
  ['/control/', 'control'],
  ['/upload/', 'upload'],
  ['/api/', 'registry'],
];

const EXACT: Record<string, string> = {
  '/healthz': 'health',
  '/readyz': 'health',
  '/metrics': 'metrics',
  '/openapi.json': 'rest',
};

/**
 * The route kind a request is counted under (a bounded label: never the path itself). On a website process
 * every other path is a page (sitemap and robots included); elsewhere it is `other`.
 */
export function routeKind(url: string | undefined, website: boolean): string {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  const exact = EXACT[path];
  if (exact) return exact;
  for (const [prefix, kind] of PREFIXES) if (path.startsWith(prefix)) return kind;
  return website ? 'page' : 'other';
}
