import { describe, expect, it } from 'vitest';
import { answerKey } from './cache-key.ts';
import { etagMatches, publicCacheControl, weakEtag } from './http-cache.ts';
import { requestOrigin, splitUrl } from './request-origin.ts';

describe('HTTP caching of delivery answers', () => {
  it('spells Cache-Control with the TTL and ten times it', () => {
    expect(publicCacheControl(60)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  });

  it('makes weak ETags that change with the bytes', () => {
    const a = weakEtag('{"a":1}');
    expect(a).toMatch(/^W\/"[\w-]{27}"$/);
    expect(weakEtag('{"a":1}')).toBe(a);
    expect(weakEtag('{"a":2}')).not.toBe(a);
  });

  it('matches If-None-Match weakly: lists, W/ on either side, and *', () => {
    const tag = 'W/"abc"';
    expect(etagMatches('W/"abc"', tag)).toBe(true);
    expect(etagMatches('"abc"', tag)).toBe(true);
    expect(etagMatches('"x", W/"abc" ,"y"', tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('W/"abd"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});

describe('the cache key of an answer', () => {
  it('is the same for requests that mean the same, and differs by space, origin, route and parameter', () => {
    const base = {
      spaceId: 's1',
      origin: 'https://a.test',
      route: 'list',
      params: { limit: 25, expand: ['a', 'b'], search: undefined, tags: [] },
    };
    expect(answerKey(base)).toBe(answerKey({ ...base, params: { tags: [], expand: ['a', 'b'], limit: 25 } }));
    const keys = new Set([
      answerKey(base),
      answerKey({ ...base, spaceId: 's2' }),
      answerKey({ ...base, origin: 'http://a.test' }),
      answerKey({ ...base, route: 'content' }),
      answerKey({ ...base, params: { ...base.params, limit: 26 } }),
      answerKey({ ...base, params: { ...base.params, search: 'x' } }),
    ]);
    expect(keys.size).toBe(6);
  });
});

describe('the origin of a request', () => {
  it('is the Host header with the scheme a proxy forwarded, and falls back on what the server saw', () => {
    expect(requestOrigin('http://10.0.0.1:3100/v1', { host: 'API.Example.org' })).toBe(
      'http://api.example.org',
    );
    expect(
      requestOrigin('http://10.0.0.1:3100/v1', { host: 'api.example.org', forwardedProto: 'https, http' }),
    ).toBe('https://api.example.org');
    expect(
      requestOrigin('http://10.0.0.1:3100/v1', { host: 'evil.test/<x>', forwardedProto: 'gopher' }),
    ).toBe('http://10.0.0.1:3100');
    expect(requestOrigin('http://localhost:3100/v1', { host: '[::1]:3100' })).toBe('http://[::1]:3100');
  });

  it('splits a URL without parsing it: scheme, host, raw path', () => {
    expect(splitUrl('https://a.test:8443/v1/permalink/caf%C3%A9?x=/y')).toEqual({
      scheme: 'https',
      host: 'a.test:8443',
      path: '/v1/permalink/caf%C3%A9',
    });
    expect(splitUrl('http://a.test')).toEqual({ scheme: 'http', host: 'a.test', path: '/' });
  });
});
