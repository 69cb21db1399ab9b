import { expect } from 'vitest';
import { loadPlugins } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { Db } from '../../core/db/types.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import { type PublicApi, publicApi } from '../public-api/index.ts';
import { createReader } from '../reader/index.ts';
import { ErrorBody } from './schemas.ts';

/** The public API over a test database, and the request helpers of rest.test.ts. */

export const plugins = loadPlugins({ website: true });
const secret = 'a-media-secret-of-at-least-32-characters';
export const origin = 'http://api.fixture.test';
export const cacheControl = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

export async function build(db: Db, extra: { log?: ReturnType<typeof captureLog>['log'] } = {}) {
  const cache = memoryCache({ defaultTtlSeconds: 60 });
  const api = publicApi({
    db,
    log: extra.log ?? captureLog().log,
    cache,
    config: { CACHE_TTL: 60, SCOPES: ['graphql', 'media'], PUBLIC_SPACE: undefined },
    mediaSecret: () => secret,
    blockDesigns: true,
    // A reader of its own, so that each test database starts with a fresh registry.
    reader: createReader({ db, mediaSecret: () => secret, blockDesigns: true }),
  });
  await api.ready;
  return { api, cache };
}

export const request = (api: PublicApi, path: string, init: RequestInit = {}) =>
  api.app.request(`${origin}${path}`, init);

// biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
type Body = any;

export async function json(
  api: PublicApi,
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: Body; res: Response }> {
  const res = await request(api, path, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, res };
}

/** Every error answers the catalogue body, is never cached, and carries the public CORS header. */
export function expectError(r: { status: number; body: Body; res: Response }, status: number, key: string) {
  expect(r.status).toBe(status);
  expect(ErrorBody.parse(r.body).error).toMatchObject({ key, status });
  expect(r.res.headers.get('cache-control')).toBe('no-store');
  expect(r.res.headers.get('access-control-allow-origin')).toBe('*');
}
