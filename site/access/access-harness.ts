import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import argon2 from 'argon2';
import { Hono } from 'hono';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { createApiKey } from '../../core/auth/api-keys.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import { type RecordingCache, recordingCache } from '../../core/cache/recording-cache.ts';
import type { Db } from '../../core/db/types.ts';
import { localDiskStorage } from '../../core/media/local-disk-storage.ts';
import { sharpRenderer } from '../../core/media/render-variant.ts';
import { variantStore } from '../../core/media/variant-store.ts';
import type { TrustedProxies } from '../../core/net/trusted-proxies.ts';
import { coreProcedures } from '../../core/procedures/index.ts';
import { createRateLimiter } from '../../core/rate-limit/rate-limiter.ts';
import { rpcRoutes } from '../../core/rpc/rpc-routes.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { type CapturedLog, captureLog } from '../../core/testing/capture-log.ts';
import { migrated, type TestDatabase } from '../../core/testing/databases.ts';
import { websiteProcedures } from '../procedures/index.ts';
import { websiteServer } from '../server/website-server.ts';
import { siteFixture } from '../testing/site-fixture.ts';

export const ACCESS_SECRET = 'access-test-secret-0123456789-0123456789';
const plugins = loadPlugins({ website: true });

export interface AccessHarness {
  db: Db;
  log: CapturedLog;
  cache: RecordingCache;
  /** Every cache key asked for since the last `takeKeys()`. */
  takeKeys(): string[];
  /** How often a posted password was checked against the hash. */
  verifications(): number;
  /** Every answer the site and the management API gave (to prove a secret appears in none). */
  answers: string[];
  site(url: string, init?: RequestInit): Promise<Response>;
  rpc(name: string, body: Record<string, unknown>, role?: 'editor' | 'viewer'): Promise<Response>;
  drop(): Promise<void>;
}

/**
 * The site fixture served as `verso serve` serves it, with site access wired from a real rate
 * limiter and secret, next to the management procedures on the same database and cache (so a
 * password change purges what the site cached). The password check is the real Argon2id verify,
 * counted.
 */
export async function openAccessSite(
  open: TestDatabase['open'],
  options: { trustedProxies?: TrustedProxies } = {},
): Promise<AccessHarness> {
  const handle = await migrated(open, allMigrations(plugins));
  const dir = mkdtempSync(join(tmpdir(), 'verso-access-'));
  const storage = localDiskStorage(dir);
  await importSpace(handle.db, parseSpaceFile(siteFixture(), plugins), {
    baseDir: process.cwd(),
    storage,
    plugins,
  });
  const keys: string[] = [];
  const recording = recordingCache(memoryCache({ defaultTtlSeconds: 120 }));
  const cache: RecordingCache = {
    ...recording,
    getOrSet: (key, compute, opts) => {
      keys.push(key);
      return recording.getOrSet(key, compute, opts);
    },
  };
  const log = captureLog('debug');
  let verified = 0;
  const app = websiteServer(
    {
      db: handle.db,
      log: log.log,
      cache,
      storage,
      variants: variantStore({ dir: join(dir, 'variants'), storage, render: sharpRenderer }),
      mediaSecret: () => ACCESS_SECRET,
      authSecret: () => ACCESS_SECRET,
      rateLimiter: createRateLimiter({ log: log.log }),
      config: { SITE_CACHE_TTL: 120, SCOPES: ['media'], TRUSTED_PROXIES: options.trustedProxies },
    },
    {
      verifyPassword: (hash, password) => {
        verified++;
        return argon2.verify(hash, password);
      },
    },
  );
  const management = new Hono();
  management.route(
    '/',
    rpcRoutes({
      db: handle.db,
      cache,
      log: log.log,
      procedures: [...coreProcedures, ...websiteProcedures],
      instance: { authSecret: () => ACCESS_SECRET, siteOrigin: (host) => `http://${host}` },
    }),
  );
  const tokens = {
    editor: (await createApiKey(handle.db, { name: 'editor', role: 'editor' })).token,
    viewer: (await createApiKey(handle.db, { name: 'viewer', role: 'viewer' })).token,
  };
  const answers: string[] = [];
  const remember = async (res: Response) => {
    answers.push(`${res.status} ${JSON.stringify([...res.headers])}\n${await res.clone().text()}`);
    return res;
  };
  return {
    db: handle.db,
    log,
    cache,
    takeKeys: () => keys.splice(0),
    verifications: () => verified,
    answers,
    site: async (url, init) => remember(await app.request(url, init)),
    rpc: async (name, body, role = 'editor') =>
      remember(
        await management.request(`/rpc/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[role]}` },
          body: JSON.stringify({ space: 'fixture', ...body }),
        }),
      ),
    async drop() {
      await cache.close();
      await handle.drop();
    },
  };
}

/** The `name=value` of a `Set-Cookie` answer, for the next request's `Cookie` header. */
export function cookieOf(res: Response): string {
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A form post of the password form. */
export function passwordPost(
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}
