import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import { inRanges, type TrustedProxies } from './trusted-proxies.ts';

/** What the address is read from: the TCP peer and the request headers. */
export interface AddressSource {
  socket: string | undefined;
  header(name: string): string | undefined;
}

/** Used when the peer is unknown (in-memory requests): all such requests share one rate-limit bucket. */
export const unknownAddress = 'unknown';

/**
 * One address in canonical form: ports and brackets dropped (`[::1]:80`, `203.0.113.7:5678`), IPv4-mapped
 * IPv6 as IPv4, IPv6 compressed and lower case. Not an address: undefined.
 */
export function normalizeAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return undefined;
  // ipaddr.isValid accepts forms such as "0x7f.1" or "127.1"; a forwarded address must be written in full.
  if (!text.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(text)) return undefined;
  return ipaddr.process(text).toString();
}

const forwardedFor = (source: AddressSource): string[] =>
  (source.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Unset TRUSTED_PROXIES: the usual headers in order, then the peer (clients can forge these). */
function fromAnyHeader(source: AddressSource, peer: string): string {
  return (
    normalizeAddress(source.header('cf-connecting-ip')) ??
    normalizeAddress(forwardedFor(source)[0]) ??
    normalizeAddress(source.header('x-real-ip')) ??
    peer
  );
}

/**
 * A listed proxy's request: `x-forwarded-for` read from the right, skipping listed proxies; the first entry
 * that is not one is the client. Every entry listed: the leftmost. An entry that is no address stops the walk
 * at the last proxy believed. No `x-forwarded-for`: `cf-connecting-ip`, then `x-real-ip`, then the peer.
 */
function fromTrustedProxy(
  source: AddressSource,
  peer: string,
  ranges: Parameters<typeof inRanges>[1],
): string {
  const hops = forwardedFor(source);
  if (hops.length === 0) {
    return (
      normalizeAddress(source.header('cf-connecting-ip')) ??
      normalizeAddress(source.header('x-real-ip')) ??
      peer
    );
  }
  let believed = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]);
    if (!hop) return believed;
    if (!inRanges(hop, ranges)) return hop;
    believed = hop;
  }
  return believed;
}

/** The client address by `TRUSTED_PROXIES` (delivery-and-site.md, "Client address"). */
export function clientAddress(source: AddressSource, trusted: TrustedProxies | undefined): string {
  const peer = normalizeAddress(source.socket) ?? unknownAddress;
  if (trusted === undefined) return fromAnyHeader(source, peer);
  if (trusted.kind === 'none') return peer;
  if (peer === unknownAddress || !inRanges(peer, trusted.ranges)) return peer;
  return fromTrustedProxy(source, peer, trusted.ranges);
}

/** The TCP peer of a request served by @hono/node-server (undefined for in-memory `app.request`). */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as
    | {
        incoming?: { socket?: { remoteAddress?: string } };
        server?: { incoming?: { socket?: { remoteAddress?: string } } };
      }
    | undefined;
  return (env?.server ?? env)?.incoming?.socket?.remoteAddress;
}

/** The client address of a Hono request; computed once per request. */
export function clientAddressOf(c: Context, trusted: TrustedProxies | undefined): string {
  const known = c.get('clientAddress' as never) as string | undefined;
  if (known) return known;
  const address = clientAddress({ socket: socketAddress(c), header: (name) => c.req.header(name) }, trusted);
  c.set('clientAddress' as never, address as never);
  return address;
}
