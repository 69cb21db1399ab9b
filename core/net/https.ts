import type { Context } from 'hono';
import { normalizeAddress, socketAddress } from './client-address.ts';
import { inRanges, type TrustedProxies } from './trusted-proxies.ts';

/**
 * HTTPS as the visitor sees it: the request URL's scheme, or `X-Forwarded-Proto: https` from a proxy
 * whose headers are believed (the rule of client addresses: any peer when `TRUSTED_PROXIES` is unset,
 * a listed peer with a list, none with `none`). Decides the cookies' `Secure` attribute.
 */
export function isHttps(c: Context, trusted: TrustedProxies | undefined): boolean {
  if (c.req.url.startsWith('https:')) return true;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded !== 'https') return false;
  if (trusted === undefined) return true;
  if (trusted.kind === 'none') return false;
  const peer = normalizeAddress(socketAddress(c));
  return peer !== undefined && inRanges(peer, trusted.ranges);
}
