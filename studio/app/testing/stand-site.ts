import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { sharpRenderer } from '../../../core/media/render-variant.ts';
import { variantStore } from '../../../core/media/variant-store.ts';
import { createRateLimiter } from '../../../core/rate-limit/rate-limiter.ts';
import type { RpcHarness } from '../../../core/rpc/test-harness.ts';
import { websiteServer } from '../../../site/server/website-server.ts';

const SECRET = 'view-stand-site-secret-0123456789-0123456789';

/**
 * The real website process on a view stand's database and cache (asked in memory with `site.request`), so a
 * view's test sees what its edits do to the live site: the purges the procedures send reach it.
 */
export function standSite(h: RpcHarness): Hono {
  return websiteServer({
    db: h.db,
    log: h.captured.log,
    cache: h.cache,
    storage: h.storage,
    variants: variantStore({
      dir: join(mkdtempSync(join(tmpdir(), 'verso-stand-site-')), 'variants'),
      storage: h.storage,
      render: sharpRenderer,
    }),
    mediaSecret: () => SECRET,
    authSecret: () => SECRET,
    rateLimiter: createRateLimiter({ log: h.captured.log }),
    config: { SITE_CACHE_TTL: 120, SCOPES: ['media'], TRUSTED_PROXIES: undefined },
  });
}
