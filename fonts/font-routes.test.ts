import { describe, expect, it } from 'vitest';
import { fontFile } from './catalog.ts';
import { fontRoutes } from './font-routes.ts';

describe('fontRoutes', () => {
  const app = fontRoutes();
  const lora = fontFile('Lora', 400, 'italic')!;

  it('serves a catalog file as immutable woff2 with a strong ETag', async () => {
    const res = await app.request(lora.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('font/woff2');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('ETag')).toBe(lora.etag);
    expect(Buffer.from(await res.arrayBuffer()).equals(lora.bytes)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const res = await app.request(lora.url, { headers: { 'If-None-Match': lora.etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
  });

  it('serves nothing outside the catalog', async () => {
    for (const path of [
      lora.url.replace(/\.[a-f0-9]+\.woff2$/, '.0000000000.woff2'),
      '/_site/fonts/lora-400-italic.woff2',
      '/_site/fonts/..%2F..%2Fpackage.json',
      '/_site/fonts/../../package.json',
      '/_site/fonts/inter-400-normal.abc.woff',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
