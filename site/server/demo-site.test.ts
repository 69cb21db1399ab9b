import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { demoIds } from '../../demo/ids.ts';
import { demoDir, demoSpace } from '../../demo/project.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

// The demo space on the site, as `verso dev` serves it on :3200: every page a visitor can reach renders,
// without a design error, and every internal link leads somewhere.

describe.each(testDatabases())('the demo site on $kind', ({ open }) => {
  let site: SiteHarness;
  beforeAll(async () => {
    site = await openSite(open, { space: await demoSpace(), baseDir: demoDir });
  });
  afterAll(() => site.drop());

  it('serves the home page, a blog post and the German about page', async () => {
    const home = await site.get('http://localhost:3200/');
    expect(home.status).toBe(200);
    const post = await site.get('http://localhost:3200/blog/we-moved-into-the-old-tram-depot');
    expect(post.status).toBe(200);
    const postHtml = await post.text();
    expect(postHtml).toContain('>We moved into the old tram depot</h1>');
    expect(postHtml).toContain(
      '<link rel="alternate" hreflang="de" href="http://de.localhost:3200/blog/umzug-ins-strassenbahndepot"/>',
    );
    const about = await site.get('http://de.localhost:3200/ueber-uns');
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('<html lang="de">');
  });

  it('reaches every internal link from the home pages without a 404 or a design error', async () => {
    const seen = new Map<string, number>();
    const queue = ['http://localhost:3200/', 'http://de.localhost:3200/'];
    while (queue.length && seen.size < 120) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      const res = await site.get(url);
      seen.set(url, res.status);
      if (res.status !== 200) continue;
      const html = await res.text();
      for (const m of html.matchAll(/<a [^>]*href="([^"#]+)"/g)) {
        const href = m[1]!;
        if (href.startsWith('/media/') || href.startsWith('/_')) continue;
        const next = href.startsWith('/') ? new URL(href, url).href : href;
        if (/^http:\/\/(de\.)?localhost:3200\//.test(next) && !seen.has(next)) queue.push(next);
      }
    }
    const broken = [...seen].filter(([, status]) => status !== 200);
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(20);
    expect(site.log.warnings()).toEqual([]);
  });

  it('shows the configured not-found page with status 404', async () => {
    const res = await site.get('http://localhost:3200/no-such-page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(demoIds.documents.notFound).toBeTruthy();
  });
});
