import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDb } from '../core/db/pg-db.ts';
import { ids } from '../core/testing/fixture-space.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { sharedReader } from '../delivery/reader/index.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { eventually, get, getAs, logLines, send } from './testing/http.ts';

const adminUrl = serviceUrl('DATABASE_URL');

/** The website mode on a database role that may only read (operations.md, "Processes"). */
describe.runIf(adminUrl)('the website mode with a read-only database role', () => {
  let stack: FixtureStack;
  let site: StackProcess;
  let readOnlyUrl: string;
  const role = `verso_ro_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    stack = await fixtureStack(adminUrl!);
    const dbName = new URL(stack.databaseUrl).pathname.slice(1);
    await stack.db.query(`create role ${role} login password 'read-only-secret'`);
    await stack.db.query(`grant connect on database ${dbName} to ${role}`);
    await stack.db.query(`grant usage on schema public to ${role}`);
    await stack.db.query(`grant select on all tables in schema public to ${role}`);
    const u = new URL(stack.databaseUrl);
    u.username = role;
    u.password = 'read-only-secret';
    readOnlyUrl = u.toString();
    site = await stack.serve('website', { DATABASE_URL: readOnlyUrl });
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  }, 60_000);

  it('the role really cannot write', async () => {
    const db = openPgDb(readOnlyUrl, { poolMax: 1 });
    try {
      await expect(db.query('update registry_state set schema_version = schema_version')).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await db.close();
    }
  });

  it('starts without writing, answers health and readiness, and reads through the reader on a cache miss', async () => {
    expect((await get(`${site.url}/healthz`)).status).toBe(200);
    expect((await get(`${site.url}/readyz`)).body).toMatchObject({ status: 'ready', schemaVersion: 1 });
    expect((await get(`${site.url}/_cms/domain-check?domain=fixture.test`)).status).toBe(200);
    const page = await getAs('fixture.test', `${site.url}/about`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('About us');
    expect(site.output()).not.toMatch(/permission denied/);
    expect(logLines(site.output()).filter((l) => l.level >= 50)).toEqual([]);
  });

  it('the delivery reader works on the read-only role', async () => {
    const db = openPgDb(readOnlyUrl, { poolMax: 1 });
    try {
      const reader = sharedReader({ db, mediaSecret: () => 'x'.repeat(32), blockDesigns: true });
      const tags = new Set<string>();
      const doc = await reader.byId(
        {
          spaceId: ids.space,
          locale: 'en',
          tags: {
            addTags: (t) => {
              for (const x of t) tags.add(x);
            },
          },
        },
        ids.team,
      );
      expect(doc?.title).toBe('Team');
      expect(tags.has(`doc:${ids.team}`)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('follows a registry reload made elsewhere', async () => {
    const operator = await stack.createKey(['--permissions', 'registry:reload', '--role', 'admin']);
    const m = await stack.serve('management', { SCOPES: 'rpc' });
    expect((await send(`${m.url}/api/v1/contentTypes/reload`, 'POST', operator)).body).toEqual({
      schemaVersion: 2,
    });
    await eventually(
      () => site.output().includes('content-type registry reloaded in this process'),
      'the reload in the site process',
    );
    expect((await get(`${site.url}/readyz`)).body.schemaVersion).toBe(2);
    expect(site.output()).not.toMatch(/permission denied/);
  });
});
