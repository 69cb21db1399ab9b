import { describe, expect, it } from 'vitest';
import { captureLog } from '../../core/testing/capture-log.ts';
import { noteUnknownHost } from './unknown-hosts.ts';

describe('noteUnknownHost', () => {
  it('logs a host once an hour, and at most 1,000 hosts an hour', () => {
    const { log, lines } = captureLog('info');
    const hostsLogged = () => lines().map((l) => l.host);
    const t0 = 1_000_000;
    noteUnknownHost(log, 'shop.example', t0);
    noteUnknownHost(log, 'shop.example', t0 + 59 * 60_000);
    expect(hostsLogged()).toEqual(['shop.example']);
    expect(lines()[0]!.msg).toMatch(/^unknown host: answered the neutral 404/);
    noteUnknownHost(log, 'shop.example', t0 + 60 * 60_000);
    expect(hostsLogged()).toEqual(['shop.example', 'shop.example']);

    for (let i = 0; i < 1500; i++) noteUnknownHost(log, `scan-${i}.example`, t0 + 60 * 60_000);
    expect(hostsLogged()).toHaveLength(2 + 999);
    // An hour on, the remembered hosts make room again.
    noteUnknownHost(log, 'late.example', t0 + 121 * 60_000);
    expect(hostsLogged().at(-1)).toBe('late.example');
  });
});
