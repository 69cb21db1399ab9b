import { describe, expect, it } from 'vitest';
import { routeKind } from './route-kind.ts';

describe('routeKind', () => {
  it('names each surface by its path, never by the path itself', () => {
    expect(routeKind('/v1/content?type=post', false)).toBe('rest');
    expect(routeKind('/openapi.json', false)).toBe('rest');
    expect(routeKind('/graphql?query={a}', false)).toBe('graphql');
    expect(routeKind('/media/abc/hero.webp?s=x', true)).toBe('media');
    expect(routeKind('/_site/abc.css', true)).toBe('asset');
    expect(routeKind('/_cms/canvas', true)).toBe('canvas');
    expect(routeKind('/rpc/content.publish', false)).toBe('rpc');
    expect(routeKind('/auth/session', false)).toBe('auth');
    expect(routeKind('/studio', false)).toBe('studio');
    expect(routeKind('/control/v1/spaces', false)).toBe('control');
    expect(routeKind('/healthz', true)).toBe('health');
    expect(routeKind('/metrics', true)).toBe('metrics');
  });

  it('counts every other path as a page on a website process, else as other', () => {
    expect(routeKind('/blog/why-we-roast-lighter', true)).toBe('page');
    expect(routeKind('/sitemap.xml', true)).toBe('page');
    expect(routeKind('/', true)).toBe('page');
    expect(routeKind('/nothing', false)).toBe('other');
    expect(routeKind(undefined, false)).toBe('other');
  });
});
