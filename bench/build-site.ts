/**
 * `npm run bench:build-site` (by hand, never in `npm test`; PostgreSQL via DATABASE_URL): how long
 * `verso build-site` takes as a user runs it, on the demo, on the demo grown to 4,000 generated blog posts with
 * three-paragraph bodies (issue 42's comparison with Hugo and Eleventy), full, incremental with nothing changed
 * and incremental after one publish, and on 100,000 posts with the command's peak RSS. Prints a Markdown section
 * for bench/results.md ("Static export"). `BENCH_BUILD_SIZES=4000` (comma-separated) limits the sizes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPgDb } from '../core/db/pg-db.ts';
import { freshPostgres } from '../core/testing/databases.ts';
import { freePort, runVerso, startVerso } from '../core/testing/processes.ts';
import { editorAccess } from './editor-access.ts';
import { growDocuments } from './generate-documents.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:build-site needs DATABASE_URL (PostgreSQL)');
const sizes = (process.env.BENCH_BUILD_SIZES ?? '4000,100000').split(',').map(Number);
const demo = fileURLToPath(new URL('../demo/space.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'verso-bench-build-'));
// `BENCH_BUILD_KEEP=<name>` keeps the generated database (its name) for the next run, which reuses it: the 100k
// generation takes minutes of the lock that the build itself does not.
const database = await keptOrFresh(adminUrl, process.env.BENCH_BUILD_KEEP);
const env: Record<string, string> = {
  DATABASE_URL: database.url,
  NODE_ENV: 'development',
  AUTH_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
  // A kept database keeps its media too (the demo's images are in DATA_DIR, imported once with the database).
  DATA_DIR: process.env.BENCH_BUILD_KEEP
    ? join(tmpdir(), `verso-bench-build-${process.env.BENCH_BUILD_KEEP}-data`)
    : join(dir, 'data'),
  LOG_LEVEL: 'warn',
};

/**
 * `verso <args>` under `/usr/bin/time`: wall seconds, the command's CPU seconds (user + system: on a machine other
 * work loads, the figure that moves least) and its peak RSS.
 */
async function timed(args: string[]) {
  const started = performance.now();
  const r = await runVerso(args, env, ['/usr/bin/time', '-f', 'maxrss=%M cpu=%U+%S']);
  const rssMb = Number(/maxrss=(\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024;
  const cpu = /cpu=([\d.]+)\+([\d.]+)/.exec(r.stderr);
  return {
    ...r,
    wall: (performance.now() - started) / 1000,
    rssMb,
    cpu: Number(cpu?.[1]) + Number(cpu?.[2]),
  };
}

const rows: string[] = [];
async function measure(label: string, args: string[]) {
  const r = await timed(['build-site', 'demo', ...args]);
  if (r.code !== 0) throw new Error(`verso build-site ${args.join(' ')}: ${r.stderr}`);
  const summary = /built .*: (\d+) pages, (\d+) files, ([\d.]+) MB; (.*); ([\d.]+) s$/m.exec(r.stdout);
  const pages = Number(summary?.[1]);
  const inCommand = Number(summary?.[5]);
  rows.push(
    `| ${label} | ${pages} | ${summary?.[2]} | ${summary?.[3]} MB | ${inCommand.toFixed(2)} s | ${r.wall.toFixed(2)} s | ${(r.wall - inCommand).toFixed(2)} s | ${r.cpu.toFixed(2)} s | ${((inCommand / pages) * 1000).toFixed(2)} ms | ${r.rssMb.toFixed(0)} MB | ${summary?.[4]} |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}

try {
  const setup = async (args: string[]) => {
    const r = await runVerso(args, env);
    if (r.code !== 0) throw new Error(`verso ${args.join(' ')}: ${r.stderr}`);
  };
  // The CLI bundle `verso build-site` runs from is made ahead (bin/cli-bundle.mjs), as the Dockerfile does: its
  // first-use making (about 0.4 s) is not part of any measured build.
  execFileSync(process.execPath, [fileURLToPath(new URL('../bin/cli-bundle.mjs', import.meta.url))]);
  if (!database.reused) {
    await setup(['migrate']);
    await setup(['import', demo]);
  }
  const out = join(dir, 'out');
  await measure('demo, full', ['--out', out]);
  await measure('demo, incremental, nothing changed', ['--out', out, '--incremental']);
  for (const size of sizes) {
    await growDocuments(database.db, size, { bodies: true });
    const n = size.toLocaleString('en');
    await measure(`demo + ${n} posts, full`, ['--out', out]);
    // The largest size is there for memory (peak RSS) and time per page: one full build and one after a publish.
    if (size <= 10_000) {
      await measure(`demo + ${n} posts, full again`, ['--out', out]);
      await measure(`demo + ${n} posts, incremental, nothing changed`, ['--out', out, '--incremental']);
    }
    // One publish through a management process (it journals the purge, as in production).
    const port = await freePort();
    const management = await startVerso(
      ['serve'],
      { ...env, SERVER_MODE: 'management', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      /"msg":"listening"/,
    );
    try {
      const { key, id } = await editorAccess(env, '/blog/generated-7');
      const res = await fetch(`http://127.0.0.1:${port}/rpc/content.publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ space: 'demo', id, locale: 'en' }),
      });
      if (res.status !== 200) throw new Error(`publish answered ${res.status}: ${await res.text()}`);
    } finally {
      await management.stop();
    }
    await measure(`demo + ${n} posts, incremental after one publish`, ['--out', out, '--incremental']);
  }
  process.stdout.write(
    [
      '## Static export',
      '',
      `\`npm run bench:build-site\` on ${new Date().toISOString().slice(0, 10)} (PostgreSQL; \`verso build-site\` as a user runs it; "in the command" is the build's own time, "wall" adds the process's start-up (module loading, database, migrations check) and exit; CPU is the command's user + system seconds; RSS is its peak).`,
      '',
      '| build | pages | files | size | in the command | wall | start-up and exit | CPU | per page | peak RSS | how |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
} finally {
  await database.drop();
}

/** A fresh database, or the one kept under `keep` by an earlier run (created and kept when it is not there yet). */
async function keptOrFresh(admin: string, keep: string | undefined) {
  if (!keep) return { ...(await freshPostgres(admin)), reused: false };
  if (!/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error('BENCH_BUILD_KEEP: a database name (a-z, 0-9, _)');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const reused = (await client.query('select 1 from pg_database where datname = $1', [keep])).rowCount === 1;
  if (!reused) await client.query(`create database ${keep}`);
  await client.end();
  const u = new URL(admin);
  u.pathname = `/${keep}`;
  const db = openPgDb(u.toString(), { poolMax: 4 });
  return { db, url: u.toString(), reused, drop: () => db.close() };
}
