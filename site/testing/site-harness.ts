import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { Db } from '../../core/db/types.ts';
import { localDiskStorage } from '../../core/media/local-disk-storage.ts';
import { sharpRenderer } from '../../core/media/render-variant.ts';
import { variantStore } from '../../core/media/variant-store.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { type CapturedLog, captureLog } from '../../core/testing/capture-log.ts';
import { migrated, type TestDatabase } from '../../core/testing/databases.ts';
import type { SiteAccess } from '../pipeline/deps.ts';
import { websiteServer } from '../server/website-server.ts';
import { siteFixture } from './site-fixture.ts';

export const plugins = loadPlugins({ website: true });
export const TTL = 120;
const secret = 'test-media-secret-test-media-secret-0123';

export interface SiteHarness {
  db: Db;
  log: CapturedLog;
  cache: ReturnType<typeof memoryCache>;
  app: ReturnType<typeof websiteServer>;
  /** GET an address through the app (`http://fixture.test/about`); the URL's host is the `Host`. */
  get(url: string, headers?: Record<string, string>): Promise<Response>;
  drop(): Promise<void>;
}

/** A migrated database with a space imported, and the website process over it, built as `verso serve` builds it. */
export async function openSite(
  open: TestDatabase['open'],
  options: {
    space?: Record<string, unknown>;
    baseDir?: string;
    sitemapLimit?: number;
    access?: SiteAccess;
  } = {},
): Promise<SiteHarness> {
  const handle = await migrated(open, allMigrations(plugins));
  const dir = mkdtempSync(join(tmpdir(), 'verso-site-'));
  const storage = localDiskStorage(dir);
  await importSpace(handle.db, parseSpaceFile(options.space ?? siteFixture(), plugins), {
    baseDir: options.baseDir ?? process.cwd(),
    storage,
    plugins,
  });
  const cache = memoryCache({ defaultTtlSeconds: TTL });
  const log = captureLog('warn');
  const app = websiteServer(
    {
      db: handle.db,
      log: log.log,
      cache,
      storage,
      variants: variantStore({ dir: join(dir, 'variants'), storage, render: sharpRenderer }),
      mediaSecret: () => secret,
      config: { SITE_CACHE_TTL: TTL, SCOPES: ['media'] },
    },
    options,
  );
  return {
    db: handle.db,
    log,
    cache,
    app,
    get: async (url, headers) => app.request(url, { headers }),
    async drop() {
      await cache.close();
      await handle.drop();
    },
  };
}
