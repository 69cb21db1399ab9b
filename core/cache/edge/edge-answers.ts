import type { MiddlewareHandler } from 'hono';
import { type EdgeKind, edgeTagHeader, edgeTtlHeader, sharedCacheable } from './edge-headers.ts';
import { collectingTags } from './request-tags.ts';

/** `stale-while-revalidate=N` of a Cache-Control value, or 0. */
function staleOf(cacheControl: string): number {
  const m = /stale-while-revalidate=(\d+)/.exec(cacheControl);
  return m ? Number(m[1]) : 0;
}

/**
 * With `EDGE_CACHE` set: every answer an edge may keep (public, shared-cacheable, no cookie) carries the tags
 * of every cache entry its request read, in the header that edge reads, and how long the edge may keep it
 * (`EDGE_CACHE_TTL`; purges are forwarded, see edge-purges.ts), in the header only the edge reads, so
 * browsers keep `Cache-Control` as it is. Private answers (password, share links, form results) are
 * `private, no-store`: never tagged.
 */
export function edgeAnswers(args: { kind: EdgeKind; ttlSeconds: number }): MiddlewareHandler {
  return async (c, next) => {
    const tags = new Set<string>();
    await collectingTags(tags, () => next());
    if (tags.size === 0) return;
    const res = c.res;
    const cacheControl = res.headers.get('Cache-Control');
    if (!sharedCacheable(cacheControl, res.headers.has('Set-Cookie'))) return;
    const tagHeader = edgeTagHeader(args.kind, tags);
    if (!tagHeader) return;
    const [ttlName, ttlValue] = edgeTtlHeader(args.kind, args.ttlSeconds, staleOf(cacheControl ?? ''));
    try {
      res.headers.set(tagHeader.name, tagHeader.value);
      res.headers.set(ttlName, ttlValue);
    } catch {
      // Immutable headers (a fetched or redirect Response): copy the answer once.
      const copy = new Response(res.body, res);
      copy.headers.set(tagHeader.name, tagHeader.value);
      copy.headers.set(ttlName, ttlValue);
      c.res = copy;
    }
  };
}
