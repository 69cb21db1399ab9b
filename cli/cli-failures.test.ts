import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from '../core/testing/databases.ts';
import { fixtureSpace } from '../core/testing/fixture-space.ts';
import { freePort, runVerso } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';

// Every failure of the command line a person can cause ends in one line on stderr that names the cause and
// the fix, with no stack trace, and a non-zero exit (docs/operations.md, "When a command fails").

const databaseUrl = serviceUrl('DATABASE_URL');
const SECRET = 'a-secret-nobody-may-read-in-a-log-0123456789';
const tempDir = () => mkdtempSync(join(tmpdir(), 'verso-fail-'));

function expectOneLine(result: { code: number | null; stderr: string }, pattern: RegExp): void {
  expect(result.code).not.toBe(0);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^verso: /);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

const spaceFile = (): string => {
  const file = join(tempDir(), 'space.json');
  writeFileSync(file, JSON.stringify(fixtureSpace()));
  return file;
};

describe('the verso command fails in one line', () => {
  it('a setting refused: names it, never echoes a secret, and says what a URL lacks', async () => {
    const short = await runVerso(['migrate'], { AUTH_SECRET: 'abcdefghijklmnopqrstuvwxyz01234' });
    expectOneLine(
      short,
      /^verso: AUTH_SECRET: must be at least 32 characters \(got 31 characters, not shown\)$/,
    );
    expect(short.stderr).not.toContain('abcdefghijklmnopqrstuvwxyz01234');
    const edge = await runVerso(['migrate'], { EDGE_PURGE_URLS: '127.0.0.1:16081' });
    expectOneLine(edge, /EDGE_PURGE_URLS: must be a URL with a scheme, such as http:\/\//);
  }, 120_000);

  it("a component's type error stops the start: the file, line and column, before anything opens", async () => {
    const dir = tempDir();
    const demo = fileURLToPath(new URL('../demo/', import.meta.url));
    for (const part of ['verso.config.ts', 'components', 'islands'])
      cpSync(join(demo, part), join(dir, part), { recursive: true });
    symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(dir, 'node_modules'));
    const file = join(dir, 'components', 'brew-ratio.tsx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('const id = ', 'const id: number = '));
    const result = await runVerso(['serve'], { VERSO_CONFIG: join(dir, 'verso.config.ts'), PORT: '0' });
    expectOneLine(result, /brew-ratio\.tsx:\d+:\d+: Type 'string' is not assignable to type 'number'/);
  }, 120_000);

  it('processes that start together each load the project whole (its compiled config is theirs alone)', async () => {
    const missing = join(tempDir(), 'none.json');
    const runs = await Promise.all(Array.from({ length: 6 }, () => runVerso(['import', missing])));
    for (const run of runs) expectOneLine(run, /none\.json/);
  }, 120_000);

  it('an embedded database not migrated: run `verso migrate` first', async () => {
    const result = await runVerso(['import', spaceFile()], {
      DATA_DIR: join(tempDir(), 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
    });
    expectOneLine(result, /has no Verso tables yet .*run `verso migrate` first$/);
  }, 120_000);

  it('a database nobody listens for: its address without the password, and what to do', async () => {
    const port = await freePort();
    const result = await runVerso(['keys', 'create', '--space', 'x', '--permissions', 'space:read'], {
      DATABASE_URL: `postgres://verso:${SECRET}@127.0.0.1:${port}/verso`,
      AUTH_SECRET: SECRET,
    });
    expectOneLine(
      result,
      new RegExp(
        `the database "verso@127\\.0\\.0\\.1:${port}/verso" cannot be reached \\(ECONNREFUSED\\): start PostgreSQL there or correct DATABASE_URL$`,
      ),
    );
    expect(result.stderr).not.toContain(SECRET);
  }, 120_000);

  it('--debug adds the stack trace after the line', async () => {
    const port = await freePort();
    const result = await runVerso(['migrate', '--debug'], {
      DATABASE_URL: `postgres://verso@127.0.0.1:${port}/verso`,
      AUTH_SECRET: SECRET,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^verso: the database .* cannot be reached/);
    expect(result.stderr).toMatch(/\n\s+at /);
  }, 120_000);
});

describe.skipIf(!databaseUrl)('the verso command fails in one line on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  const role = `verso_ro_${process.pid}`;
  beforeAll(async () => {
    fresh = await freshPostgres(databaseUrl!);
    const admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
    await admin.query(`create role ${role} login`);
    await admin.query('revoke create on schema public from public');
    await admin.end();
  }, 120_000);
  afterAll(async () => {
    await fresh?.drop();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  }, 120_000);
  const urlAs = (user: string, db?: string): string => {
    const u = new URL(fresh.url);
    u.username = user;
    if (db) u.pathname = `/${db}`;
    return u.toString();
  };

  it('a database that does not exist: create it', async () => {
    const result = await runVerso(['migrate'], {
      DATABASE_URL: urlAs('postgres', 'verso_no_such_db'),
      AUTH_SECRET: SECRET,
    });
    expectOneLine(result, /the database "postgres@.*\/verso_no_such_db" does not exist: create it/);
  }, 120_000);

  it('a database not migrated: import and keys say to run `verso migrate` first', async () => {
    const env = { DATABASE_URL: fresh.url, AUTH_SECRET: SECRET };
    expectOneLine(await runVerso(['import', spaceFile()], env), /run `verso migrate` first$/);
    expectOneLine(
      await runVerso(['keys', 'create', '--space', 'fixture', '--permissions', 'space:read'], env),
      /run `verso migrate` first$/,
    );
  }, 120_000);

  it('migrate as a role without rights: run it as the owner', async () => {
    const result = await runVerso(['migrate'], { DATABASE_URL: urlAs(role), AUTH_SECRET: SECRET });
    expectOneLine(
      result,
      /the database role may not do this \(permission denied .*\): run this command as the role that owns the schema/,
    );
  }, 120_000);

  it('a role that does not exist: correct the user or password', async () => {
    const result = await runVerso(['migrate'], { DATABASE_URL: urlAs('verso_nobody'), AUTH_SECRET: SECRET });
    expectOneLine(
      result,
      /PostgreSQL refused the login to "verso_nobody@[^"]*" \(.*\): correct the user or password in DATABASE_URL$/,
    );
  }, 120_000);
});
