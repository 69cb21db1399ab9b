import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../net/trusted-proxies.ts';
import { incomingAddressOf } from './middleware.ts';

describe('incomingAddressOf', () => {
  it('is the client address of each request on a connection, as its forwarding headers say, however they change', () => {
    const addressOf = incomingAddressOf(parseTrustedProxies('10.0.0.0/8'));
    const proxy = { remoteAddress: '10.1.2.3' };
    const direct = { remoteAddress: '203.0.113.9' };
    const on = (socket: object, headers: Record<string, string | string[] | undefined>) =>
      addressOf({ socket, headers } as never);
    expect(on(proxy, { 'x-forwarded-for': '198.51.100.1' })).toBe('198.51.100.1');
    expect(on(proxy, { 'x-forwarded-for': '198.51.100.1' })).toBe('198.51.100.1');
    expect(on(proxy, { 'x-forwarded-for': '198.51.100.2' })).toBe('198.51.100.2');
    expect(on(proxy, {})).toBe('10.1.2.3');
    expect(on(proxy, { 'x-real-ip': '198.51.100.3' })).toBe('198.51.100.3');
    expect(on(proxy, { 'x-forwarded-for': ['198.51.100.4', '198.51.100.5'] })).toBe('198.51.100.5');
    // Not a trusted proxy: its headers are not believed.
    expect(on(direct, { 'x-forwarded-for': '198.51.100.1' })).toBe('203.0.113.9');
  });
});
