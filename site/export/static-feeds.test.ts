import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { buildFixtureExport } from '../testing/fixture-export.ts';
import { siteFixtureWithRichBody, siteIds } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';
import { staticHost } from './static-host.ts';

// `verso build-site` writes every feed the site serves: each content type × locale × format, the bytes the
// website process answers for the same host, named so a static host serves them with the site's type.

const types = ['page', 'blog-post'];
const formats = {
  xml: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

describe.each(testDatabases())('feeds in the static export on $kind', ({ open }) => {
  let site: SiteHarness;
  let work: string;
  let out: string;
  let host: Server | undefined;
  beforeAll(async () => {
    site = await openSite(open, { space: siteFixtureWithRichBody() });
    work = mkdtempSync(join(tmpdir(), 'verso-feeds-export-'));
    out = join(work, 'out');
    await buildFixtureExport(site, out);
  }, 120_000);
  afterAll(async () => {
    host?.close();
    await site?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('writes each type × locale × format, byte for byte what the site serves', async () => {
    // Rendered again, not read from the cache the build filled.
    await site.cache.purgeTags([cacheTags.lists(siteIds.space)]);
    for (const prefix of ['', 'de/'])
      for (const type of types)
        for (const [ext, contentType] of Object.entries(formats)) {
          const file = `${prefix}feeds/${type}.${ext}`;
          expect(existsSync(join(out, file)), file).toBe(true);
          const live = await site.get(`http://fixture.test/${file}`);
          expect(live.status, file).toBe(200);
          expect(live.headers.get('content-type')).toBe(contentType);
          const built = readFileSync(join(out, file));
          expect(built.equals(Buffer.from(await live.arrayBuffer())), file).toBe(true);
        }
    expect(readFileSync(join(out, 'de/feeds/page.xml'), 'utf8')).toContain(
      '<link>http://de.fixture.test/ueber-uns</link>',
    );
  });

  it('a static host serves them with the site content types, and the images of their items', async () => {
    const headers = readFileSync(join(out, '_headers'), 'utf8');
    expect(headers).toContain('/feeds/page.atom\n  Content-Type: application/atom+xml; charset=utf-8\n');
    expect(readFileSync(join(out, 'nginx.conf'), 'utf8')).toContain(
      'location = "/de/feeds/blog-post.json" {',
    );
    const served = await staticHost(out);
    host = served.server;
    for (const [ext, contentType] of Object.entries(formats)) {
      const res = await fetch(`${served.url}/feeds/page.${ext}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(contentType);
    }
    // The about page's body image, as the feed names it (absolute on the site's domain), is in the folder.
    const json = JSON.parse(readFileSync(join(out, 'feeds/page.json'), 'utf8'));
    const about = json.items.find((i: { title: string }) => i.title === 'About us');
    const src = /<img src="([^"]+)"/.exec(about.content_html)?.[1];
    expect(src).toMatch(/^http:\/\/fixture\.test\/media\//);
    const image = await fetch(served.url + new URL(src!.replaceAll('&amp;', '&')).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });
});
