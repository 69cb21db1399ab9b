import { Hono } from 'hono';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { requestId } from '../../core/http/request-id.ts';
import { coreProcedures } from '../../core/procedures/index.ts';
import { rpcHarness } from '../../core/rpc/test-harness.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import type { TestDatabase } from '../../core/testing/databases.ts';
import { graphqlRoutes } from '../graphql/graphql-route.ts';
import { type PublicApi, publicApi } from '../public-api/index.ts';
import { createReader } from '../reader/index.ts';
import { orderedFixture } from '../reader/ordered-fixture.ts';

// What the HTTP tests of ordered lists and sync share: the public API and the management procedures on one
// database and one cache, as a deployment shares them, over the ordered fixture (delivery/reader/ordered-fixture.ts).

const plugins = loadPlugins({ website: true });
const secret = 'a-media-secret-of-at-least-32-characters';

export async function openOrderedApi(open: TestDatabase['open']) {
  const h = await rpcHarness({
    open,
    procedures: coreProcedures,
    plugins,
    migrations: allMigrations(plugins),
  });
  await importSpace(h.db, parseSpaceFile(orderedFixture(), plugins), {
    baseDir: process.cwd(),
    storage: h.storage,
    plugins,
  });
  const key = await h.key();
  const api = publicApi({
    db: h.db,
    log: captureLog().log,
    cache: h.cache,
    config: { CACHE_TTL: 60, SCOPES: ['graphql'], PUBLIC_SPACE: 'ordered' },
    mediaSecret: () => secret,
    blockDesigns: true,
    reader: createReader({ db: h.db, mediaSecret: () => secret, blockDesigns: true }),
  });
  await api.ready;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await api.app.request(`http://api.test${path}`, { headers });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any, res };
  };
  return { h, key, api, get };
}

/** `POST /graphql` on the public API, mounted as `buildApp` mounts it (delivery/graphql/graphql-test-kit.ts). */
export function graphqlPoster(api: PublicApi, cache: TaggedCache) {
  const app = new Hono();
  app.use(requestId());
  app.route('/', api.app);
  const config = {
    CACHE_TTL: 60,
    PUBLIC_GRAPHQL_INTROSPECTION: false,
    GRAPHQL_MAX_DEPTH: 8,
    GRAPHQL_MAX_COMPLEXITY: 1000,
  };
  app.route('/', graphqlRoutes({ reader: api.reader, cache, log: captureLog().log, config }));
  return async (query: string) => {
    const res = await app.request('http://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
    return (await res.json()) as any;
  };
}
