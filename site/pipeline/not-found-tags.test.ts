import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectingTags } from '../../core/cache/edge/request-tags.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { siteFixture, siteIds } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

// A 404 page's `lists` tag: its address's lookup alone, or a list (menu, document) it shows too. The static
// export keeps a 404 page over a publish only in the first case (site/export/build-manifest.ts).

const spaceId = siteIds.space;
const lists = cacheTags.lists(spaceId);
const atAddress = cacheTags.listsAtAddress(spaceId);

async function tagsOf(site: SiteHarness, url: string, status: number): Promise<Set<string>> {
  const tags = new Set<string>();
  const res = await collectingTags(tags, () => site.get(url));
  expect(res.status).toBe(status);
  return tags;
}

describe.each(testDatabases())('the tags of a 404 page on $kind', ({ open }) => {
  let site: SiteHarness;
  let missingMenu: SiteHarness;
  beforeAll(async () => {
    site = await openSite(open);
    // The layout names a menu the space does not have: "nothing here" for a menu is a list read of the page.
    const space = siteFixture();
    const json = JSON.stringify(space).replace('"menu":"main"', '"menu":"nowhere"');
    expect(json).toContain('"menu":"nowhere"');
    missingMenu = await openSite(open, { space: JSON.parse(json) });
  });
  afterAll(async () => {
    await site?.drop();
    await missingMenu?.drop();
  });

  it("says when `lists` is the lookup's alone, and never on a page found", async () => {
    const notFound = await tagsOf(site, 'http://fixture.test/nothing-at-all', 404);
    expect(notFound.has(lists)).toBe(true);
    expect(notFound.has(atAddress)).toBe(true);
    // Cached: the same tags from the page cache.
    expect(await tagsOf(site, 'http://fixture.test/nothing-at-all', 404)).toEqual(notFound);
    expect((await tagsOf(site, 'http://fixture.test/about', 200)).has(atAddress)).toBe(false);
  });

  it('does not when the page reads a list besides', async () => {
    const notFound = await tagsOf(missingMenu, 'http://fixture.test/nothing-at-all', 404);
    expect(notFound.has(lists)).toBe(true);
    expect(notFound.has(atAddress)).toBe(false);
  });
});
