import type { Context } from 'hono';
import type { RequestTarget } from './types.ts';

/**
 * The host (port stripped, lowercased), port, protocol and path of a request. The protocol is the
 * request URL's, or the first `X-Forwarded-Proto` when a proxy in front terminates TLS; it only
 * shapes absolute links and is part of the page cache key, so a forged value cannot reach others.
 */
export function requestTarget(c: Context): RequestTarget {
  const url = new URL(c.req.url);
  const hostHeader = (c.req.header('host') ?? url.host).trim().toLowerCase();
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(hostHeader);
  const host = (m?.[1] ?? hostHeader).replace(/\.$/, '');
  const port = m?.[2] ?? '';
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const protocol =
    forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol === 'https:' ? 'https' : 'http';
  return { host, port, protocol, path: url.pathname, search: url.search };
}
