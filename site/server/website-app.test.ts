import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { openPgDb } from '../../core/db/pg-db.ts';
import type { Db } from '../../core/db/types.ts';
import { EMBED_FRAME_SRC } from '../../core/designs/index.ts';
import { type Listening, listen } from '../../core/http/listen.ts';
import { localDiskStorage } from '../../core/media/local-disk-storage.ts';
import { sharpRenderer } from '../../core/media/render-variant.ts';
import { variantStore } from '../../core/media/variant-store.ts';
import { type CapturedLog, captureLog } from '../../core/testing/capture-log.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { freePort } from '../../core/testing/processes.ts';
import { RELAXED_PAGE_CSP, STRICT_PAGE_CSP } from '../headers/csp.ts';
import { siteIds } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';
import { websiteServer } from './website-server.ts';

// The site process's answers (delivery-and-site.md, "Site process answers" and "Response headers of the site
// process") for what this issue owns; site access (password, share links, forms, canvas) is its own issue.

const spaceId = siteIds.space;

const EVERY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
};

/** A GET through a real socket, with any Host header. */
function httpGet(
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers of every page, on the 500 and 503 pages too, and never stored. */
const ERROR_PAGE = {
  ...EVERY,
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': STRICT_PAGE_CSP,
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

describe.each(testDatabases())('the website process on $kind', ({ open }) => {
  let site: SiteHarness;
  let server: Listening;
  beforeAll(async () => {
    site = await openSite(open);
    server = await listen(site.app, { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    await site.drop();
  });

  it('serves pages through a real server, choosing the space by the Host header', async () => {
    const page = await httpGet(server.port, `fixture.test:${server.port}`, '/about');
    expect(page.status).toBe(200);
    expect(page.body).toContain('>About us</h1>');
    expect(page.body).toContain(`<link rel="canonical" href="http://fixture.test:${server.port}/about"/>`);
    const de = await httpGet(server.port, `de.fixture.test:${server.port}`, '/ueber-uns');
    expect(de.body).toContain('>Über uns</h1>');
    const unknown = await httpGet(server.port, 'elsewhere.test', '/about');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('puts the four every-response headers on every answer', async () => {
    const page = await site.get('http://fixture.test/about');
    const css = /href="(\/_site\/[a-z0-9]+\.css)"/.exec(await page.text())![1]!;
    const answers = [
      page,
      await site.get('http://fixture.test/nothing'),
      await site.get('http://nobody.test/'),
      await site.get('http://www.fixture.test/'),
      await site.get('http://fixture.test/en/about'),
      await site.get('http://fixture.test/about', { 'If-None-Match': page.headers.get('etag')! }),
      await site.get('http://fixture.test/robots.txt'),
      await site.get('http://fixture.test/sitemap.xml'),
      await site.get(`http://fixture.test${css}`),
      await site.get('http://fixture.test/_cms/domain-check?domain=nope.test'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 404, 301, 301, 304, 200, 200, 200, 404]);
    for (const res of answers)
      for (const [name, value] of Object.entries(EVERY)) expect(res.headers.get(name)).toBe(value);
  });

  it('sends pages with X-Frame-Options DENY and the strict CSP of the spec table', async () => {
    expect(STRICT_PAGE_CSP).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; " +
        "img-src 'self' data: https:; media-src 'self' https:; " +
        'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://www.google.com/maps/embed https://open.spotify.com https://w.soundcloud.com; ' +
        "connect-src 'self'; form-action 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    );
    expect(EMBED_FRAME_SRC).toHaveLength(6);
    for (const url of ['http://fixture.test/about', 'http://fixture.test/nothing', 'http://nobody.test/']) {
      const res = await site.get(url);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toBe(STRICT_PAGE_CSP);
    }
    const html = await (await site.get('http://fixture.test/about')).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });

  it('uses the relaxed CSP, and places the code, when the site has head or body code', async () => {
    await site.db.query(
      `update space_plugin_settings set settings = settings || $2::jsonb where space_id = $1 and environment = 'production'`,
      [
        spaceId,
        JSON.stringify({
          headCode: '<meta name="verify" content="abc">',
          bodyCode: '<script src="https://stats.example/s.js"></script>',
        }),
      ],
    );
    await site.cache.purgeTags([cacheTags.design(spaceId)]);
    const res = await site.get('http://fixture.test/about');
    expect(res.headers.get('content-security-policy')).toBe(RELAXED_PAGE_CSP);
    expect(RELAXED_PAGE_CSP).toBe(
      "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    );
    const html = await res.text();
    expect(html).toContain('<meta name="verify" content="abc"></head>');
    expect(html).toContain('<script src="https://stats.example/s.js"></script></body>');
    await site.db.query(
      `update space_plugin_settings set settings = settings || '{"headCode":"","bodyCode":""}' where space_id = $1 and environment = 'production'`,
      [spaceId],
    );
    await site.cache.purgeTags([cacheTags.design(spaceId)]);
    expect((await site.get('http://fixture.test/about')).headers.get('content-security-policy')).toBe(
      STRICT_PAGE_CSP,
    );
  });

  it('answers /_cms/domain-check with ok for a known host, else 404', async () => {
    const known = await site.get('http://anything.test/_cms/domain-check?domain=de.fixture.test');
    expect(known.status).toBe(200);
    expect(await known.text()).toBe('ok');
    expect((await site.get('http://fixture.test/_cms/domain-check?domain=WWW.Fixture.Test')).status).toBe(
      200,
    );
    expect((await site.get('http://fixture.test/_cms/domain-check?domain=other.test')).status).toBe(404);
    expect((await site.get('http://fixture.test/_cms/domain-check')).status).toBe(404);
  });

  it('serves the linked stylesheet, fonts and island scripts as immutable files', async () => {
    const html = await (await site.get('http://fixture.test/about')).text();
    const links = [
      /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]!,
      /<link rel="preload" href="([^"]+)" as="font"/.exec(html)![1]!,
      /<script type="module" src="([^"]+)"/.exec(html)![1]!,
    ];
    for (const href of links) {
      const res = await site.get(`http://fixture.test${href}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it("mounts /media for the host's space: the images a page shows load from its host", async () => {
    const html = await (await site.get('http://fixture.test/about')).text();
    const src = /<img [^>]*src="(\/media\/[^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const image = await site.get(`http://fixture.test${src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await site.get(`http://nobody.test${src}`)).status).toBe(404);
  });

  it('answers a failure with a plain 500 page that shows no internals', async () => {
    await site.db.query(
      `update space_plugin_settings set settings = settings || '{"revision":"broken"}' where space_id = $1`,
      [spaceId],
    );
    await site.cache.purgeTags([cacheTags.design(spaceId)]);
    const res = await httpGet(server.port, 'fixture.test', '/about');
    expect(res.status).toBe(500);
    expect(res.headers).toMatchObject(ERROR_PAGE);
    expect(res.body).toContain('<h1>Something went wrong</h1>');
    expect(res.body).not.toMatch(/revision|zod|stack/i);
    expect(site.log.lines().some((l) => l.msg === 'site request failed')).toBe(true);
    await site.db.query(
      `update space_plugin_settings set settings = settings || '{"revision":1}' where space_id = $1`,
      [spaceId],
    );
    await site.cache.purgeTags([cacheTags.design(spaceId)]);
  });
});

describe('the website process without its database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verso-site-down-'));
  let db: Db;
  let server: Listening;
  let log: CapturedLog;
  beforeAll(async () => {
    // A PostgreSQL that is gone: connections to its address are refused.
    db = openPgDb(`postgres://postgres@127.0.0.1:${await freePort()}/gone`, { poolMax: 2 });
    const storage = localDiskStorage(dir);
    log = captureLog('warn');
    const app = websiteServer({
      db,
      log: log.log,
      cache: memoryCache({ defaultTtlSeconds: 120 }),
      storage,
      variants: variantStore({ dir: join(dir, 'variants'), storage, render: sharpRenderer }),
      mediaSecret: () => 'test-media-secret-test-media-secret-0123',
      config: { SITE_CACHE_TTL: 120, SCOPES: ['media'] },
    });
    server = await listen(app, { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers pages with a 503 page that carries the page headers and Retry-After', async () => {
    for (const path of ['/', '/about', '/sitemap.xml']) {
      const res = await httpGet(server.port, 'fixture.test', path);
      expect(res.status, path).toBe(503);
      expect(res.headers, path).toMatchObject({ ...ERROR_PAGE, 'retry-after': '5' });
      expect(res.body).toContain('<h1>Back in a moment</h1>');
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    }
    expect(log.lines().some((l) => l.msg === 'a page could not be served: a dependency is down')).toBe(true);
  });
});
