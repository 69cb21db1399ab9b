import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../../core/http/listen.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

// Odd requests to a website process over real HTTP (a Host header that is no valid URL host cannot be
// sent through app.request): never a 5xx; files, media and canvas errors answer the JSON error body.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, path: string, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(testDatabases())('odd requests to the website on $kind', ({ open }) => {
  let site: SiteHarness;
  let server: Listening;
  beforeAll(async () => {
    site = await openSite(open);
    server = await listen(site.app, { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
    await site?.drop();
  });

  it('a NUL byte in a path and a numeric or broken Host never answer 5xx', async () => {
    for (const [path, host] of [
      ['/%00', 'www.fixture.test'],
      ['/blog/%00', 'www.fixture.test'],
      ['/a%00b?x=%00', 'www.fixture.test'],
      ['/', '999999999999999999999'],
      ['/', '999999999999999999999:80'],
      ['/', '[::1'],
      ['/', 'a..b'],
    ] as const) {
      const answer = await get(server.port, path, host);
      expect(answer.status, `${host}${path}`).toBeLessThan(500);
    }
  });

  it('unknown hashed files, media addresses and the canvas without editor origins answer the error body', async () => {
    for (const path of [
      '/_site/0123456789abcdef.css',
      '/_site/islands/menu.0123456789.js',
      '/_site/fonts/nope-400.woff2',
      '/_cms/canvas',
      '/media/not-an-id',
    ]) {
      const answer = await get(server.port, path, 'www.fixture.test');
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/application\/json/);
      expect(JSON.parse(answer.body).error.status, path).toBe(404);
    }
  });

  it('an unsigned variant address is refused with the error body', async () => {
    const answer = await get(server.port, '/media/not-an-id/hero.webp', 'www.fixture.test');
    expect([403, 404]).toContain(answer.status);
    expect(JSON.parse(answer.body).error.status).toBe(answer.status);
  });

  it("media answers carry the site process's headers", async () => {
    const answer = await get(server.port, '/media/not-an-id', 'www.fixture.test');
    expect(answer.headers['referrer-policy']).toBeTruthy();
    expect(answer.headers['cross-origin-opener-policy']).toBeTruthy();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
