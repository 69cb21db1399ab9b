import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { errorResponse } from '../http/error-handler.ts';
import { captureLog } from '../testing/capture-log.ts';
import { freshPostgres, testDatabases } from '../testing/databases.ts';
import { freePort } from '../testing/processes.ts';
import { serviceUrl } from '../testing/require-service.ts';
import { openPgDb } from './pg-db.ts';
import type { Db } from './types.ts';

// Faults of the database as callers see them: down is 503 `database.unavailable` (never a 500 with
// internals), a dropped pooled connection is read again on a fresh one, a NUL byte is the request's fault.

describe.each(testDatabases())('odd values on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await open());
  });
  afterAll(() => drop());

  it('a NUL byte in a parameter is a 400 request.malformed, in and out of a transaction', async () => {
    const read = db.query('select $1::text as v', ['a\u0000b']);
    await expect(read).rejects.toMatchObject({ key: 'request.malformed', status: 400 });
    const tx = db.transaction((t) => t.query('select $1::text as v', ['\u0000']));
    await expect(tx).rejects.toBeInstanceOf(AppError);
    // The connection is fine afterwards.
    expect((await db.query<{ v: number }>('select 1 as v')).rows[0]!.v).toBe(1);
  });
});

describe('a database that is down', () => {
  it('is 503 database.unavailable for reads, writes and transactions', async () => {
    const db = openPgDb(`postgres://postgres@127.0.0.1:${await freePort()}/nothing`, { poolMax: 2 });
    try {
      await expect(db.query('select 1')).rejects.toMatchObject({ key: 'database.unavailable', status: 503 });
      await expect(db.query('insert into x values (1)')).rejects.toMatchObject({
        key: 'database.unavailable',
      });
      await expect(db.transaction((t) => t.query('select 1'))).rejects.toMatchObject({
        key: 'database.unavailable',
      });
    } finally {
      await db.close();
    }
  });

  it('answers the error body with Retry-After and no internals', async () => {
    const captured = captureLog();
    const app = new Hono();
    app.get('/', () => {
      throw new AppError('database.unavailable', { cause: new Error('connect ECONNREFUSED 127.0.0.1:5432') });
    });
    app.onError((err, c) => errorResponse(c, err, captured.log));
    const res = await app.request('/');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const text = await res.text();
    expect(JSON.parse(text).error).toMatchObject({ key: 'database.unavailable', kind: 'unavailable' });
    expect(text).not.toMatch(/ECONNREFUSED|5432/);
  });
});

const adminUrl = serviceUrl('DATABASE_URL');
describe.skipIf(!adminUrl)('a PostgreSQL that drops its connections (a restart)', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  beforeAll(async () => {
    fresh = await freshPostgres(adminUrl!);
  });
  afterAll(() => fresh?.drop());

  it('reads again once on a fresh connection instead of failing', async () => {
    const name = new URL(fresh.url).pathname.slice(1);
    // Fill the pool with connections, then have the server end them all.
    await Promise.all([fresh.db.query('select pg_sleep(0.05)'), fresh.db.query('select pg_sleep(0.05)')]);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    await admin.end();
    const results = await Promise.all([
      fresh.db.query<{ v: number }>('select 1 as v'),
      fresh.db.query<{ v: number }>('select 2 as v'),
    ]);
    expect(results.map((r) => r.rows[0]!.v)).toEqual([1, 2]);
  });
});
