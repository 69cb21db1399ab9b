import type { Context } from 'hono';
import { AppError } from '../../core/errors/app-error.ts';
import type { RequestTarget } from './types.ts';

/**
 * The host (port stripped, lowercased), port, protocol and path of a request. The protocol is the
 * request URL's, or the first `X-Forwarded-Proto` when a proxy in front terminates TLS; it only
 * shapes absolute links and is part of the page cache key, so a forged value cannot reach others.
 */
export function requestTarget(c: Context): RequestTarget {
  let url: URL;
  try {
    url = new URL(c.req.url);
  } catch {
    // A Host no URL can hold (`999999999999999999999` overflows an IPv4 number): the request's fault.
    throw new AppError('request.malformed', { message: 'The Host header is not a valid host name.' });
  }
  const hostHeader = (c.req.header('host') ?? url.host).trim().toLowerCase();
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(hostHeader);
  const host = (m?.[1] ?? hostHeader).replace(/\.$/, '');
  const port = m?.[2] ?? '';
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const protocol =
    forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol === 'https:' ? 'https' : 'http';
  return { host, port, protocol, path: url.pathname, search: url.search };
}
