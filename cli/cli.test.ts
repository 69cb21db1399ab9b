import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshPostgres } from '../core/testing/databases.ts';
import { fixtureSpace } from '../core/testing/fixture-space.ts';
import { runVerso, startVerso } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'verso-cli-'));
// One-shot commands against the embedded database in a fresh DATA_DIR (no DATABASE_URL).
const embedded = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'development',
  REDIS_URL: '',
});

describe('the verso command', () => {
  it('migrates, imports, refuses, exports and round-trips through real processes', async () => {
    const dir = tempDir();
    const env = embedded(join(dir, 'data'));
    const file = join(dir, 'space.json');
    writeFileSync(file, JSON.stringify(fixtureSpace()));

    const migrate = await runVerso(['migrate'], env);
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toMatch(
      /applied core\/0001_core\.sql, core\/0002_delivered_documents\.sql, core\/0003_auth_sessions\.sql, core\/0004_purge_journal\.sql, core\/0005_delivered_permalinks\.sql, core\/0006_link_targets\.sql, core\/0007_ref_ids\.sql, core\/0008_subtree_walk\.sql, core\/0009_content_revisions\.sql, core\/0010_webhooks\.sql, core\/0012_search_public_only\.sql, core\/0013_scheduled_actions\.sql, core\/0014_menu_revisions\.sql, core\/0016_ordered_lists\.sql, core\/0017_preview_tokens\.sql, core\/0018_delivery_journal\.sql, core\/0019_field_values\.sql, website\/0001_website\.sql, website\/0002_design_revisions\.sql, website\/0003_share_revocations\.sql/,
    );
    expect((await runVerso(['migrate'], env)).stdout).toMatch(/up to date/);

    const imported = await runVerso(['import', file], env);
    expect(imported.stderr).toBe('');
    // A progress line per stage, without a terminal too, then the summary.
    expect(imported.stdout).toMatch(/^ {2}documents: \d+$/m);
    expect(imported.stdout).toMatch(/\nimported space "fixture" \(/);

    const again = await runVerso(['import', file], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/space\.name: a space named "fixture" exists already/);

    const bad = fixtureSpace() as Record<string, any>;
    bad.space.name = 'bad';
    bad.documents[1].locales.en.published.fields.cta = { url: 'javascript:alert(1)' };
    writeFileSync(file, JSON.stringify(bad));
    const refused = await runVerso(['import', file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/documents\[1\]\.locales\.en\.published\.fields\.cta\.url: /);

    const out1 = join(dir, 'one.json');
    const out2 = join(dir, 'two.json');
    expect((await runVerso(['export', 'fixture', '-o', out1], env)).code).toBe(0);
    expect((await runVerso(['import', out1, '--replace'], env)).code).toBe(0);
    expect((await runVerso(['export', 'fixture', '-o', out2], env)).code).toBe(0);
    expect(readFileSync(out2, 'utf8')).toBe(readFileSync(out1, 'utf8'));
    expect((await runVerso(['export', 'nope'], env)).stderr).toMatch(/No space named "nope"/);

    const key = await runVerso(
      ['keys', 'create', '--space', 'fixture', '--permissions', 'space:read,space:write', '--expires', '30d'],
      env,
    );
    expect(key.stdout).toMatch(/^vso_[0-9a-f]{12}_[A-Za-z0-9_-]{43}\n$/);
    expect(
      (await runVerso(['keys', 'create', '--space', 'ghost', '--permissions', 'space:read'], env)).stderr,
    ).toMatch(/no space named ghost/);
  }, 300_000);

  it('serve refuses a database behind its migrations, with a clear message', async () => {
    // An empty PostgreSQL database where there is one (as production runs); a new embedded cluster's initdb
    // took most of this test's 40 s in CI.
    const adminUrl = serviceUrl('DATABASE_URL');
    const empty = adminUrl ? await freshPostgres(adminUrl) : undefined;
    try {
      const env = { ...embedded(join(tempDir(), 'data')), DATABASE_URL: empty?.url ?? '' };
      const result = await runVerso(['serve'], { ...env, SERVER_MODE: 'public', PORT: '0' });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /The database is behind: 20 migration\(s\) not applied .*Run `verso migrate` first/,
      );
    } finally {
      await empty?.drop();
    }
  }, 120_000);

  it('serve refuses a bad setting, naming the variable', async () => {
    const result = await runVerso(['serve'], { SERVER_MODE: 'sideways' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/SERVER_MODE: /);
  }, 120_000);

  it('serve in production refuses to start without AUTH_SECRET, before it opens a database', async () => {
    const dir = join(tempDir(), 'data');
    const result = await runVerso(['serve'], {
      ...embedded(dir),
      NODE_ENV: 'production',
      AUTH_SECRET: '',
      PORT: '0',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/AUTH_SECRET: required in production/);
    // Its data directory was never made: no embedded cluster was created to find the mistake.
    expect(existsSync(dir)).toBe(false);
  }, 120_000);

  it('dev (npm start) migrates, imports the demo on first start, prints its addresses and serves health', async () => {
    const dir = join(tempDir(), 'data');
    const dev = await startVerso(['dev'], embedded(dir), /API key\s+vso_\S+/, 120_000);
    try {
      const out = dev.output();
      expect(out).toMatch(/Importing the demo space/);
      expect(out).toContain('http://localhost:3200');
      expect(out).toContain('http://de.localhost:3200');
      expect(out).toContain('http://localhost:3100');
      expect(out).toContain('http://localhost:3000');
      for (const port of [3000, 3100, 3200]) {
        const res = await fetch(`http://localhost:${port}/healthz`);
        expect(res.status).toBe(200);
      }
      const ready = await fetch('http://localhost:3100/readyz');
      expect(await ready.json()).toMatchObject({ status: 'ready', schemaVersion: 1 });
    } finally {
      await dev.stop();
    }
    // A second start keeps the data and the key: no second import.
    const second = await startVerso(['dev'], embedded(dir), /API key\s+vso_\S+/, 120_000);
    try {
      expect(second.output()).not.toMatch(/Importing the demo space/);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
