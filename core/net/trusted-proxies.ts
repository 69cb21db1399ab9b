import ipaddr from 'ipaddr.js';
import { AppError } from '../errors/app-error.ts';

export type AddressRange = [ipaddr.IPv4 | ipaddr.IPv6, number];
export type TrustedProxies = { kind: 'none' } | { kind: 'list'; ranges: AddressRange[] };

/** Parses `TRUSTED_PROXIES` (and the control allow-list): `none`, or addresses and CIDR ranges, IPv4 or IPv6. */
export function parseTrustedProxies(
  value: string,
  errorKey = 'config.server.trustedProxyInvalid',
): TrustedProxies {
  if (value.trim().toLowerCase() === 'none') return { kind: 'none' };
  const ranges: AddressRange[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    try {
      // ipaddr.js also reads "10.0.0" or "0x7f.1" as IPv4; an entry must be written in full.
      const address = entry.split('/')[0]!;
      if (!address.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(address))
        throw new Error('not four-part');
      if (entry.includes('/')) ranges.push(ipaddr.parseCIDR(entry));
      else {
        const address = ipaddr.parse(entry);
        ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      }
    } catch {
      throw new AppError(errorKey, { message: `${errorKey}: "${entry}" is not an address or CIDR range` });
    }
  }
  return { kind: 'list', ranges };
}

/** Whether an address (IPv4, IPv6 or IPv4-mapped IPv6) lies in any of the ranges. */
export function inRanges(address: string, ranges: AddressRange[]): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  return ranges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
}
