import { describe, expect, it } from 'vitest';
import { fromSameOrigin } from './same-origin.ts';

describe('fromSameOrigin', () => {
  it('accepts the management origin itself', () => {
    expect(fromSameOrigin({ origin: 'http://localhost:3000', host: 'localhost:3000' })).toBe(true);
    expect(fromSameOrigin({ origin: 'https://Admin.Example', host: 'admin.example' })).toBe(true);
    expect(fromSameOrigin({ host: 'admin.example', secFetchSite: 'same-origin' })).toBe(true);
  });
  it('refuses another origin, an opaque one, and a request that says nothing', () => {
    expect(fromSameOrigin({ origin: 'https://evil.example', host: 'admin.example' })).toBe(false);
    expect(fromSameOrigin({ origin: 'http://localhost:3200', host: 'localhost:3000' })).toBe(false);
    expect(fromSameOrigin({ origin: 'null', host: 'admin.example' })).toBe(false);
    expect(fromSameOrigin({ origin: 'not a url', host: 'admin.example' })).toBe(false);
    expect(fromSameOrigin({ host: 'admin.example', secFetchSite: 'cross-site' })).toBe(false);
    expect(fromSameOrigin({ host: 'admin.example' })).toBe(false);
  });
});
