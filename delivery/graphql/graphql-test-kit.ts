import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { expect } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { Db } from '../../core/db/types.ts';
import { requestId } from '../../core/http/request-id.ts';
import { createLogger, type Logger } from '../../core/log.ts';
import { localDiskStorage } from '../../core/media/local-disk-storage.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { migrated, type TestDatabase } from '../../core/testing/databases.ts';
import { publicApi } from '../public-api/index.ts';
import type { Reader } from '../reader/types.ts';
import { graphqlFixture } from './graphql-fixture.ts';
import { type GraphqlDeps, graphqlRoutes } from './graphql-route.ts';

const plugins = loadPlugins({ website: true });
export const mediaSecret = 'graphql-test-media-secret-of-32-chars-or-more';

export interface GraphqlWorld {
  db: Db;
  app: Hono;
  cache: ReturnType<typeof memoryCache>;
  reader: Reader;
  /** POST /graphql with JSON; answers status, headers and the parsed body. */
  post(
    query: string,
    variables?: Record<string, unknown>,
    extra?: { operationName?: string; headers?: Record<string, string> },
  ): Promise<Answer>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
  body: any;
}

/** The data of an answer that must succeed: 200 and no errors. */
export async function dataOf(
  world: GraphqlWorld,
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
) {
  const answer = await world.post(query, variables, { operationName });
  expect(answer.body.errors).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** The first error of an answer that must fail (and is never cached), with its status and partial data. */
export async function refusalOf(world: GraphqlWorld, query: string, variables?: Record<string, unknown>) {
  const answer = await world.post(query, variables);
  expect(answer.body.errors?.length).toBeGreaterThan(0);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return { status: answer.status, error: answer.body.errors[0], data: answer.body.data };
}

/**
 * The public API of a migrated database with the GraphQL fixture imported and `/graphql` mounted the way the
 * public mode mounts it (CORS, space gate, request id), for in-memory HTTP tests with `app.request()`.
 */
export async function graphqlWorld(
  open: TestDatabase['open'],
  options: {
    config?: Partial<GraphqlDeps['config']>;
    bulk?: boolean;
    log?: Logger;
    wrapReader?: (reader: Reader) => Reader;
  } = {},
): Promise<GraphqlWorld> {
  const handle = await migrated(open, allMigrations(plugins));
  const { db } = handle;
  const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'verso-graphql-')));
  await importSpace(db, parseSpaceFile(graphqlFixture({ bulk: options.bulk }), plugins), {
    baseDir: process.cwd(),
    storage,
    plugins,
  });
  const log = options.log ?? createLogger('silent');
  const cache = memoryCache({ defaultTtlSeconds: 300 });
  const api = publicApi({
    db,
    log,
    cache,
    config: { CACHE_TTL: 300, PUBLIC_SPACE: undefined, SCOPES: ['graphql'] },
    mediaSecret: () => mediaSecret,
    blockDesigns: true,
    spaceRecheckMs: 3_600_000,
  });
  await api.ready;
  const config = {
    CACHE_TTL: 300,
    PUBLIC_GRAPHQL_INTROSPECTION: false,
    GRAPHQL_MAX_DEPTH: 8,
    GRAPHQL_MAX_COMPLEXITY: 1000,
    ...options.config,
  };
  // As `buildApp` mounts it: the request id first, then the public API.
  const app = new Hono();
  app.use(requestId());
  const reader = options.wrapReader ? options.wrapReader(api.reader) : api.reader;
  app.route('/', api.app);
  app.route('/', graphqlRoutes({ reader, cache, log, config }));
  const post: GraphqlWorld['post'] = async (query, variables, extra = {}) => {
    const res = await app.request('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        ...extra.headers,
      },
      body: JSON.stringify({
        query,
        ...(variables ? { variables } : {}),
        ...(extra.operationName ? { operationName: extra.operationName } : {}),
      }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  return {
    db,
    app,
    cache,
    reader: api.reader,
    post,
    close: async () => {
      await cache.close();
      await handle.drop();
    },
  };
}
