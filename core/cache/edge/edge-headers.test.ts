import { describe, expect, it } from 'vitest';
import { edgeTagHeader, edgeTtlHeader, purgeKeys, sharedCacheable, shortTag } from './edge-headers.ts';

describe('edge headers', () => {
  it('writes the tags in the header each edge reads, sorted and without repeats', () => {
    expect(edgeTagHeader('varnish', ['doc:b', 'doc:a', 'doc:b'])).toEqual({
      name: 'xkey',
      value: 'doc:a doc:b',
    });
    expect(edgeTagHeader('fastly', ['doc:a'])).toEqual({ name: 'Surrogate-Key', value: 'doc:a' });
    expect(edgeTagHeader('cloudflare', ['doc:a', 'site:pages'])).toEqual({
      name: 'Cache-Tag',
      value: 'doc:a,site:pages',
    });
    expect(edgeTagHeader('varnish', [])).toBeUndefined();
  });

  it('shortens a tag an edge cannot take, and every tag when the header would pass the limit', () => {
    expect(edgeTagHeader('cloudflare', ['a,b'])?.value).toBe(shortTag('a,b'));
    expect(edgeTagHeader('varnish', ['x'.repeat(300)])?.value).toBe(shortTag('x'.repeat(300)));
    const many = Array.from(
      { length: 400 },
      (_, i) => `doc:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const header = edgeTagHeader('varnish', many)!;
    expect(header.value.length).toBeLessThanOrEqual(6000);
    expect(header.value.split(' ')).toHaveLength(400);
    expect(header.value.split(' ').every((t) => /^~[\w-]{11}$/.test(t))).toBe(true);
  });

  it('short forms are stable and distinct', () => {
    expect(shortTag('doc:a')).toBe(shortTag('doc:a'));
    expect(shortTag('doc:a')).not.toBe(shortTag('doc:b'));
  });

  it('a purge sends each tag as it is and its short form, so both kinds of answers are purged', () => {
    expect(purgeKeys(['doc:a'])).toEqual(['doc:a', shortTag('doc:a')]);
    expect(purgeKeys(['a b'])).toEqual([shortTag('a b')]);
  });

  it('tells the edge its lifetime in a header browsers do not read', () => {
    expect(edgeTtlHeader('fastly', 86400, 3000)).toEqual([
      'Surrogate-Control',
      'max-age=86400, stale-while-revalidate=3000',
    ]);
    expect(edgeTtlHeader('varnish', 60, 0)[0]).toBe('Surrogate-Control');
    expect(edgeTtlHeader('cloudflare', 60, 0)[0]).toBe('CDN-Cache-Control');
  });

  it('tags only answers a shared cache may keep', () => {
    expect(sharedCacheable('public, max-age=0, s-maxage=300, stale-while-revalidate=3000', false)).toBe(true);
    expect(sharedCacheable('public, max-age=3600', false)).toBe(true);
    expect(sharedCacheable('private, no-store', false)).toBe(false);
    expect(sharedCacheable('no-store', false)).toBe(false);
    expect(sharedCacheable('public, max-age=0', false)).toBe(false);
    expect(sharedCacheable('public, s-maxage=300', true)).toBe(false);
    expect(sharedCacheable(null, false)).toBe(false);
  });
});
