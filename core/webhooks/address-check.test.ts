import { describe, expect, it } from 'vitest';
import { checkTarget, isPublicAddress } from './address-check.ts';

describe('webhook addresses', () => {
  it('counts only public unicast addresses as public', () => {
    const inside = [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '255.255.255.255',
    ];
    for (const a of inside) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses a private literal or a name resolving to loopback, and allows them with allowPrivate', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://[::1]:8080/',
      'http://10.0.0.1/',
      'http://localhost:9/',
    ]) {
      const refused = await checkTarget(url, { allowPrivate: false });
      expect(refused.ok, url).toBe(false);
      const allowed = await checkTarget(url, { allowPrivate: true });
      expect(allowed.ok, url).toBe(true);
    }
    expect(await checkTarget('http://169.254.169.254/latest', { allowPrivate: false })).toEqual({
      ok: false,
      address: '169.254.169.254',
      reason:
        'resolves to 169.254.169.254, a loopback, private or link-local address (WEBHOOK_ALLOW_PRIVATE is off)',
    });
    // A public literal passes without any lookup.
    expect(await checkTarget('https://1.1.1.1/hook', { allowPrivate: false })).toMatchObject({
      ok: true,
      target: { address: '1.1.1.1', family: 4 },
    });
  });
});
