import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/testing/fixture-space.ts';
import { type OwnPostgres, pgBin, startOwnPostgres } from '../core/testing/own-postgres.ts';
import { type OwnReplica, startOwnReplica } from '../core/testing/own-replica.ts';
import { freePort } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { Ready } from '../delivery/rest/schemas.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { getAs } from './testing/http.ts';
import { togglePost } from './testing/toggle-post.ts';

// Issue 42, point 2: a primary and a streaming replica of its own whose replay trails by APPLY_DELAY_MS. The
// website and public processes read from the replica (DATABASE_READ_URLS) while readers keep them busy; after
// each of CHANGES publishes and unpublishes has answered, the page and the REST answers are the new state, never
// one computed from the replica before it had replayed the change. Then the replica stops: reads go on from the
// primary and `/readyz` names it.

const redisUrl = serviceUrl('REDIS_URL');
const binaries = (() => {
  try {
    return existsSync(pgBin('pg_basebackup'));
  } catch {
    return false;
  }
})();
if (!binaries && process.env.CI === 'true') throw new Error('PostgreSQL binaries are needed under CI=true');
const CHANGES = 50;
const APPLY_DELAY_MS = 300;
const HOST = 'fixture.test';
const API_HOST = 'api.fixture.test';
const PATH = '/news/hello';
const REST = [`/v1/permalink${PATH}`, `/v1/content/${ids.hello}`];

let primary: OwnPostgres | undefined;
let replica: OwnReplica | undefined;
let stack: FixtureStack | undefined;
let site: StackProcess;
let api: StackProcess;
let management: StackProcess;
/** A management process without DATABASE_READ_URLS: its purges carry no position (an older version's). */
let unstamped: StackProcess;
let key: string;
let replicaUrl: string;

const get = async (base: string, path: string, host: string) => {
  const answer = await getAs(host, `${base}${path}`);
  return { status: answer.status, body: answer.text };
};

// Every third change through the management process whose purges carry no WAL position: readers then take
// the primary's position when they hear it.
const change = (i: number) => togglePost((i % 3 === 2 ? unstamped : management).url, key, i);

/** What is stale in the page and REST answers for the state `published`, if anything. */
async function staleAnswers(published: boolean): Promise<string[]> {
  const stale: string[] = [];
  const page = await get(site.url, PATH, HOST);
  const fresh = published ? page.status === 200 && page.body.includes('Hello world') : page.status === 404;
  if (!fresh) stale.push(`page ${page.status}`);
  for (const path of REST) {
    const { status } = await get(api.url, path, API_HOST);
    if (status !== (published ? 200 : 404)) stale.push(`${path} ${status}`);
  }
  return stale;
}

/** Transactions the replica has run in the test's database: how many reads it took. */
async function replicaTransactions(): Promise<number> {
  const client = new pg.Client({ connectionString: replicaUrl });
  await client.connect();
  try {
    const res = await client.query<{ n: string }>(
      'select xact_commit::text as n from pg_stat_database where datname = current_database()',
    );
    return Number(res.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const stopClusters = () => {
  try {
    replica?.stop();
  } finally {
    replica = undefined;
    const p = primary;
    primary = undefined;
    p?.stop();
  }
};

describe.skipIf(!redisUrl || !binaries)('read replicas (a primary and a delayed streaming replica)', () => {
  beforeAll(async () => {
    // Whatever happens to the test, its clusters do not outlive the run.
    process.once('exit', stopClusters);
    const primaryPort = await freePort();
    primary = startOwnPostgres(primaryPort);
    replica = startOwnReplica(primaryPort, await freePort(), APPLY_DELAY_MS);
    stack = await fixtureStack(primary.url, {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `replica-${Math.random().toString(36).slice(2, 10)}`,
    });
    replicaUrl = replica.urlOf(stack.databaseUrl);
    // The readers below ask far more than a visitor may: the rate rules of the space are set out of their way.
    for (const rule of ['publicApi', 'sitePages'])
      await stack.db.query(
        `insert into space_controls (space_id, key, value) select id, $1, '1000000'::jsonb from spaces`,
        [`rateLimit.${rule}.points`],
      );
    const reads = { DATABASE_READ_URLS: replicaUrl };
    key = await stack.createKey();
    [site, api, management, unstamped] = await Promise.all([
      stack.serve('website', reads),
      stack.serve('public', { ...reads, PUBLIC_SPACE: 'fixture' }),
      stack.serve('management', reads),
      stack.serve('management'),
    ]);
  }, 120_000);

  afterAll(async () => {
    try {
      await stack?.stop();
    } finally {
      stopClusters();
    }
  }, 60_000);

  it(`answers no stale page or REST answer over ${CHANGES} changes under load, reading from the replica`, async () => {
    // The replica has replayed the fixture (applied APPLY_DELAY_MS late) and takes reads.
    const ready = async () => (await get(site.url, '/readyz', HOST)).body;
    for (let n = 0; n < 100 && !/"state":"ok"/.test(await ready()); n++) await sleep(100);
    expect(JSON.parse(await ready()).replicas).toMatchObject([{ state: 'ok' }]);
    const before = await replicaTransactions();

    // Readers keep both processes computing while the changes go on: answers of every age race each purge.
    let loading = true;
    const reader = async (n: number) => {
      while (loading) {
        await get(site.url, n % 2 ? PATH : `${PATH}?r=${Math.random()}`, HOST).catch(() => undefined);
        await get(api.url, REST[n % 2]!, API_HOST).catch(() => undefined);
        await sleep(5);
      }
    };
    const readers = [0, 1, 2, 3].map(reader);
    const stale: string[] = [];
    try {
      for (let i = 0; i < CHANGES; i++) {
        const published = await change(i);
        for (const s of await staleAnswers(published)) stale.push(`change ${i}: ${s}`);
        // Now and then long enough for the replica to catch up and take reads again before the next change.
        if (i % 2 === 0) await sleep(APPLY_DELAY_MS + 100);
      }
    } finally {
      loading = false;
      await Promise.all(readers);
    }
    expect(stale).toEqual([]);
    // The replica did answer reads meanwhile: the test is not passed by a primary answering everything.
    expect((await replicaTransactions()) - before).toBeGreaterThan(CHANGES);
  }, 90_000);

  it('reads from the primary once the replica stops, and /readyz names it', async () => {
    const port = replica!.port;
    replica!.stop();
    for (const i of [CHANGES, CHANGES + 1]) {
      const published = await change(i);
      expect(await staleAnswers(published), `change ${i}`).toEqual([]);
    }
    for (const [process, host] of [
      [site, HOST],
      [api, API_HOST],
    ] as const) {
      let body: { status?: string; replicas?: { name: string; state: string }[] } = {};
      for (let n = 0; n < 50; n++) {
        const res = await get(process.url, '/readyz', host);
        expect(res.status).toBe(200);
        body = JSON.parse(res.body);
        if (body.replicas?.[0]?.state === 'down') break;
        await sleep(100);
      }
      expect(body.status).toBe('ready');
      // The answer is the one /openapi.json documents.
      expect(Ready.safeParse(body).error).toBeUndefined();
      expect(body.replicas).toMatchObject([{ name: expect.stringContaining(`:${port}/`), state: 'down' }]);
    }
    // Uncached reads (new addresses) still answer, from the primary (the post is published again).
    const fresh = await get(site.url, `${PATH}?after=stop`, HOST);
    expect(fresh.status).toBe(200);
    expect((await get(api.url, `${REST[0]}?after=stop`, API_HOST)).status).toBe(200);
  }, 30_000);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
