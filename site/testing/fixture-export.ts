import { sharedReader } from '../../delivery/reader/index.ts';
import { buildSite } from '../export/build-site.ts';
import type { SiteHarness } from './site-harness.ts';

/** `verso build-site` of the fixture space's host `fixture.test` into `out`, through the harness's website app. */
export function buildFixtureExport(site: SiteHarness, out: string) {
  return buildSite(
    {
      db: site.db,
      cache: site.cache,
      // The website app's own reader (one per database).
      reader: sharedReader({ db: site.db, mediaSecret: () => '', blockDesigns: true }),
      fetch: async (req) => site.app.request(req),
    },
    { space: 'fixture', out, host: 'fixture.test', baseUrl: 'http://fixture.test' },
  );
}
