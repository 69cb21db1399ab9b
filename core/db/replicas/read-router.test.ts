import { afterAll, describe, expect, it } from 'vitest';
import { purgesWithWalPosition } from '../../cache/purge-positions.ts';
import type { TaggedCache } from '../../cache/tagged-cache.ts';
import { createLogger } from '../../log.ts';
import { freePort } from '../../testing/processes.ts';
import { serviceUrl } from '../../testing/require-service.ts';
import { openPgDb } from '../pg-db.ts';
import type { Db } from '../types.ts';
import { readRouter, replicaName } from './read-router.ts';
import { walPosition } from './wal-position.ts';

// The router against the real server, without a replica cluster (cli/read-replicas.test.ts has one): what it
// does with "replicas" that are not replicas or do not answer, and the position a purge carries.

const url = serviceUrl('DATABASE_URL');

async function until(check: () => boolean, what: string) {
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20)))
    if (check()) return;
  throw new Error(`timed out waiting for ${what}`);
}

describe('replica names', () => {
  it('shows host, port and database, never the credentials', () => {
    expect(replicaName('postgres://verso_ro:secret@10.0.0.2:5433/verso')).toBe('10.0.0.2:5433/verso');
    expect(replicaName('postgres://u:p@replica/verso')).toBe('replica:5432/verso');
  });
});

describe.skipIf(!url)('read routing (PostgreSQL)', () => {
  const open: Db[] = [];
  afterAll(async () => {
    await Promise.all(open.map((db) => db.close()));
  });

  it('leaves out a server that is not in recovery and one that does not answer; the primary answers', async () => {
    const deadPort = await freePort();
    const dead = `postgres://postgres@127.0.0.1:${deadPort}/test`;
    const db = readRouter(
      openPgDb(url!, { poolMax: 2 }),
      [
        { url: url!, db: openPgDb(url!, { poolMax: 2 }) },
        { url: dead, db: openPgDb(dead, { poolMax: 2 }) },
      ],
      { maxLagMs: 10_000, checkEveryMs: 50 },
    );
    open.push(db);
    await until(() => db.readRouting.status().every((r) => r.checkedAt !== null), 'both checked');
    expect(db.readRouting.status().map((r) => r.state)).toEqual(['not-replica', 'down']);
    expect(db.readRouting.status()[1]!.name).toBe(`127.0.0.1:${deadPort}/test`);
    const res = await db.query<{ n: number }>('select 41 + 1 as n');
    expect(res.rows).toEqual([{ n: 42 }]);
  });

  it('raises the position reads need to every purge position, and to the primary position for one without', async () => {
    const db = readRouter(openPgDb(url!, { poolMax: 2 }), [], { maxLagMs: 10_000 });
    open.push(db);
    db.readRouting.require('16/B374D848');
    expect(db.readRouting.required()).toBe('16/B374D848');
    db.readRouting.require('2/0');
    expect(db.readRouting.required()).toBe('16/B374D848');

    // Malformed or absent: the primary's position when heard.
    const fresh = readRouter(openPgDb(url!, { poolMax: 2 }), [], { maxLagMs: 10_000 });
    open.push(fresh);
    expect(fresh.readRouting.required()).toBe('0/0');
    fresh.readRouting.require('not a position');
    await until(() => fresh.readRouting.required() !== '0/0', "the primary's position");
    const now = await fresh.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    expect(walPosition(fresh.readRouting.required())! <= walPosition(now.rows[0]!.lsn)!).toBe(true);
  });

  it("stamps each purge with the primary's position after the change", async () => {
    const primary = openPgDb(url!, { poolMax: 2 });
    open.push(primary);
    const purges: { tags: string[]; walLsn?: string }[] = [];
    const inner: TaggedCache = {
      getOrSet: (_key, compute) => compute({ addTags: () => {} }),
      async purgeTags(tags, options) {
        purges.push({ tags, ...(options?.walLsn ? { walLsn: options.walLsn } : {}) });
      },
      close: async () => {},
    };
    const cache = purgesWithWalPosition(inner, primary, createLogger('silent'));
    await primary.query('create temporary table if not exists t_wal (n int)');
    await primary.query('insert into t_wal values (1)');
    const after = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    await cache.purgeTags(['doc:x']);
    await cache.purgeTags([]);
    expect(purges).toHaveLength(2);
    expect(purges[0]!.tags).toEqual(['doc:x']);
    expect(walPosition(purges[0]!.walLsn)! >= walPosition(after.rows[0]!.lsn)!).toBe(true);
    expect(purges[1]).toEqual({ tags: [] });
  });
});
