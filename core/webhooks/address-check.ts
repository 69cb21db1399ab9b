import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Where a hook's address points, after the checks: the address to connect to and its family. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export type TargetCheck =
  | { ok: true; target: CheckedTarget }
  | { ok: false; reason: string; address?: string };

/**
 * Whether an address is on the public internet: only ipaddr.js's `unicast` range is. Loopback, private
 * (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), carrier-grade NAT, multicast,
 * unspecified and reserved ranges are not; an IPv4-mapped IPv6 address is judged as the IPv4 address it holds.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/** The rules of a hook's address that need no lookup: http(s), a host, no credentials. */
export function urlProblem(raw: string): string | undefined {
  if (!URL.canParse(raw)) return 'must be an absolute http(s) address';
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https address';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (!url.hostname) return 'must name a host';
  return undefined;
}

/** The URL's host as a lookup takes it (`[::1]` → `::1`). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Resolves the hook's host and refuses it unless every address it resolves to is public (or `allowPrivate`).
 * The caller connects to the returned address, never resolving the name again: a name that answered a public
 * address to this check cannot send the request to a private one (DNS rebinding).
 */
export async function checkTarget(raw: string, options: { allowPrivate: boolean }): Promise<TargetCheck> {
  const problem = urlProblem(raw);
  if (problem) return { ok: false, reason: problem };
  const url = new URL(raw);
  const host = hostOf(url);
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      return {
        ok: false,
        reason: `the host does not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: 'the host does not resolve' };
  if (!options.allowPrivate) {
    const inside = addresses.find((a) => !isPublicAddress(a.address));
    if (inside) {
      return {
        ok: false,
        address: inside.address,
        reason: `resolves to ${inside.address}, a loopback, private or link-local address (WEBHOOK_ALLOW_PRIVATE is off)`,
      };
    }
  }
  const first = addresses[0]!;
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}
