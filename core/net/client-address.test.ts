import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientAddressOf, normalizeAddress } from './client-address.ts';
import { parseTrustedProxies } from './trusted-proxies.ts';

type Headers = Record<string, string>;
const source = (socket: string | undefined, headers: Headers = {}) => ({
  socket,
  header: (name: string) => headers[name],
});

const list = parseTrustedProxies('10.0.0.0/8, 192.0.2.1, 2001:db8:ffff::/48');
const none = parseTrustedProxies('none');

// Rows of delivery-and-site.md, "Client address": [case, TRUSTED_PROXIES, socket peer, headers, expected]
const rows: Array<[string, 'unset' | 'list' | 'none', string, Headers, string]> = [
  // unset: cf-connecting-ip, else first x-forwarded-for entry, else x-real-ip, else the socket address
  [
    'unset: cf-connecting-ip first',
    'unset',
    '10.1.1.1',
    { 'cf-connecting-ip': '203.0.113.1', 'x-forwarded-for': '198.51.100.2', 'x-real-ip': '198.51.100.3' },
    '203.0.113.1',
  ],
  [
    'unset: then the first x-forwarded-for entry',
    'unset',
    '10.1.1.1',
    { 'x-forwarded-for': '198.51.100.2, 10.0.0.9', 'x-real-ip': '198.51.100.3' },
    '198.51.100.2',
  ],
  ['unset: then x-real-ip', 'unset', '10.1.1.1', { 'x-real-ip': '198.51.100.3' }, '198.51.100.3'],
  ['unset: then the socket address', 'unset', '198.51.100.4', {}, '198.51.100.4'],
  [
    'unset: a header that is no address is passed over',
    'unset',
    '198.51.100.4',
    { 'cf-connecting-ip': 'evil', 'x-forwarded-for': 'unknown, 1.2.3.4', 'x-real-ip': '198.51.100.3' },
    '198.51.100.3',
  ],
  [
    'unset: IPv6 header, canonical form',
    'unset',
    '10.1.1.1',
    { 'cf-connecting-ip': '2001:DB8:0:0::7' },
    '2001:db8::7',
  ],
  ['unset: IPv4-mapped IPv6 socket', 'unset', '::ffff:198.51.100.4', {}, '198.51.100.4'],
  ['unset: IPv6 socket', 'unset', '2001:db8::99', {}, '2001:db8::99'],
  // list: headers believed only when the peer is listed; x-forwarded-for from the right skipping listed proxies
  [
    'list: unlisted peer, headers ignored',
    'list',
    '198.51.100.7',
    { 'x-forwarded-for': '1.1.1.1', 'cf-connecting-ip': '1.1.1.2', 'x-real-ip': '1.1.1.3' },
    '198.51.100.7',
  ],
  [
    'list: listed peer, the client before the proxies',
    'list',
    '10.0.0.1',
    { 'x-forwarded-for': '203.0.113.5, 10.0.0.2' },
    '203.0.113.5',
  ],
  [
    'list: a forged leftmost entry is not believed',
    'list',
    '10.0.0.1',
    { 'x-forwarded-for': '1.1.1.1, 203.0.113.5, 10.0.0.2' },
    '203.0.113.5',
  ],
  [
    'list: a single listed address (not a range)',
    'list',
    '192.0.2.1',
    { 'x-forwarded-for': '203.0.113.6' },
    '203.0.113.6',
  ],
  [
    'list: a neighbour of a single listed address is not listed',
    'list',
    '192.0.2.2',
    { 'x-forwarded-for': '203.0.113.6' },
    '192.0.2.2',
  ],
  [
    'list: every entry listed, the leftmost',
    'list',
    '10.0.0.1',
    { 'x-forwarded-for': '10.0.0.3, 10.0.0.2' },
    '10.0.0.3',
  ],
  [
    'list: an entry that is no address stops at the last proxy believed',
    'list',
    '10.0.0.1',
    { 'x-forwarded-for': 'nonsense, 10.0.0.2' },
    '10.0.0.2',
  ],
  [
    'list: an entry with a port',
    'list',
    '10.0.0.1',
    { 'x-forwarded-for': '203.0.113.5:4711' },
    '203.0.113.5',
  ],
  [
    'list: IPv6 peer in an IPv6 range, IPv6 client',
    'list',
    '2001:db8:ffff::1',
    { 'x-forwarded-for': '2001:db8:1::5' },
    '2001:db8:1::5',
  ],
  [
    'list: bracketed IPv6 entry with a port',
    'list',
    '2001:db8:ffff::1',
    { 'x-forwarded-for': '[2001:db8:1::5]:443' },
    '2001:db8:1::5',
  ],
  [
    'list: IPv6 peer outside the range',
    'list',
    '2001:db8:fffe::1',
    { 'x-forwarded-for': '203.0.113.5' },
    '2001:db8:fffe::1',
  ],
  [
    'list: IPv4-mapped peer in an IPv4 range',
    'list',
    '::ffff:10.2.3.4',
    { 'x-forwarded-for': '203.0.113.8' },
    '203.0.113.8',
  ],
  [
    'list: IPv4-mapped client entry',
    'list',
    '10.0.0.1',
    { 'x-forwarded-for': '::ffff:203.0.113.8' },
    '203.0.113.8',
  ],
  [
    'list: listed peer without x-forwarded-for, x-real-ip',
    'list',
    '10.0.0.1',
    { 'x-real-ip': '203.0.113.9' },
    '203.0.113.9',
  ],
  ['list: listed peer without any header, the peer', 'list', '10.0.0.1', {}, '10.0.0.1'],
  // none: the socket address; no header is believed
  [
    'none: headers ignored',
    'none',
    '198.51.100.10',
    { 'cf-connecting-ip': '1.1.1.1', 'x-forwarded-for': '1.1.1.2', 'x-real-ip': '1.1.1.3' },
    '198.51.100.10',
  ],
  ['none: IPv6 socket', 'none', '2001:db8::1', { 'x-forwarded-for': '1.1.1.2' }, '2001:db8::1'],
  ['none: IPv4-mapped socket', 'none', '::ffff:198.51.100.10', {}, '198.51.100.10'],
];

describe('clientAddress by TRUSTED_PROXIES', () => {
  it.each(rows)('%s', (_case, mode, socket, headers, expected) => {
    const trusted = mode === 'unset' ? undefined : mode === 'list' ? list : none;
    expect(clientAddress(source(socket, headers), trusted)).toBe(expected);
  });

  it.each(['10.0.0.0/33', '10.0.0', 'localhost', '2001:db8::/129', '10.0.0.1, garbage'])(
    'refuses a malformed entry "%s" with config.server.trustedProxyInvalid',
    (value) => {
      expect(() => parseTrustedProxies(value)).toThrow(
        expect.objectContaining({ key: 'config.server.trustedProxyInvalid' }),
      );
    },
  );

  it('normalizes addresses and refuses what is not one', () => {
    expect(normalizeAddress('127.1')).toBeUndefined();
    expect(normalizeAddress(' 203.0.113.1 ')).toBe('203.0.113.1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
  });

  it('reads the peer of a Hono request from the Node socket', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientAddressOf(c, list)));
    const env = { incoming: { socket: { remoteAddress: '::ffff:10.9.9.9' } } };
    const res = await app.request('/', { headers: { 'x-forwarded-for': '2001:db8:2::1, 10.0.0.7' } }, env);
    expect(await res.text()).toBe('2001:db8:2::1');
  });
});
