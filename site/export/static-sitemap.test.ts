import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { buildFixtureExport } from '../testing/fixture-export.ts';
import { siteFixture } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

// Past the sitemap's limit of addresses (50,000; 2 here) `/sitemap.xml` is an index of parts: the export writes
// every part the index names, the bytes the site serves, not the index alone.

describe.each(testDatabases())('a sitemap in parts in the static export on $kind', ({ open }) => {
  let site: SiteHarness;
  let work: string;
  let out: string;
  beforeAll(async () => {
    site = await openSite(open, { space: siteFixture(), sitemapLimit: 2 });
    work = mkdtempSync(join(tmpdir(), 'verso-sitemap-export-'));
    out = join(work, 'out');
    await buildFixtureExport(site, out);
  }, 120_000);
  afterAll(async () => {
    await site?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('writes the index and each of its parts, byte for byte what the site serves', async () => {
    const index = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(index).toContain('<sitemapindex');
    const parts = [...index.matchAll(/\/(sitemap-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(existsSync(join(out, part)), part).toBe(true);
      const live = await site.get(`http://fixture.test/${part}`);
      expect(live.status, part).toBe(200);
      expect(readFileSync(join(out, part), 'utf8'), part).toBe(await live.text());
    }
    expect(existsSync(join(out, `sitemap-${parts.length + 1}.xml`))).toBe(false);
  });
});
