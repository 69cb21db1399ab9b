import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.ts';
import { edgePurgerFrom } from './edge-config.ts';

describe('EDGE_CACHE', () => {
  it('is off by default', () => {
    expect(edgePurgerFrom(loadConfig({}))).toBeUndefined();
  });

  it('picks the purger of the edge it names', () => {
    const varnish = loadConfig({ EDGE_CACHE: 'varnish', EDGE_PURGE_URLS: 'http://v1:6081,http://v2:6081' });
    expect(edgePurgerFrom(varnish)?.kind).toBe('varnish');
    const fastly = loadConfig({ EDGE_CACHE: 'fastly', FASTLY_SERVICE_ID: 's', FASTLY_API_TOKEN: 't' });
    expect(edgePurgerFrom(fastly)?.kind).toBe('fastly');
    const cf = loadConfig({ EDGE_CACHE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'z', CLOUDFLARE_API_TOKEN: 't' });
    expect(edgePurgerFrom(cf)?.kind).toBe('cloudflare');
  });

  it('stops the start when a setting the edge needs is missing or malformed', () => {
    expect(() => edgePurgerFrom(loadConfig({ EDGE_CACHE: 'varnish' }))).toThrow(/EDGE_PURGE_URLS/);
    expect(() => edgePurgerFrom(loadConfig({ EDGE_CACHE: 'fastly', FASTLY_SERVICE_ID: 's' }))).toThrow(
      /FASTLY_API_TOKEN/,
    );
    expect(() => edgePurgerFrom(loadConfig({ EDGE_CACHE: 'cloudflare' }))).toThrow(/CLOUDFLARE_ZONE_ID/);
    expect(() => loadConfig({ EDGE_CACHE: 'akamai' })).toThrow(/^EDGE_CACHE: /);
    expect(() => loadConfig({ EDGE_PURGE_URLS: 'not a url' })).toThrow(/^EDGE_PURGE_URLS: /);
  });
});
