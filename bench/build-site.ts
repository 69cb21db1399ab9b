/**
 * `npm run bench:build-site` (by hand, never in `npm test`; PostgreSQL via DATABASE_URL): how long
 * `verso build-site` takes on the demo, and per 1,000 pages on the demo grown to 1,000 generated blog posts,
 * full and incremental. Prints a Markdown section for bench/results.md ("Static export").
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPostgres } from '../core/testing/databases.ts';
import { runVerso } from '../core/testing/processes.ts';
import { growDocuments } from './generate-documents.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:build-site needs DATABASE_URL (PostgreSQL)');
const demo = fileURLToPath(new URL('../demo/space.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'verso-bench-build-'));
const database = await freshPostgres(adminUrl);
const env = {
  DATABASE_URL: database.url,
  NODE_ENV: 'development',
  AUTH_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
  DATA_DIR: join(dir, 'data'),
  LOG_LEVEL: 'warn',
};

async function verso(args: string[]) {
  const started = performance.now();
  const r = await runVerso(args, env);
  if (r.code !== 0) throw new Error(`verso ${args.join(' ')}: ${r.stderr}`);
  const summary = /built .*: (\d+) pages, (\d+) files, ([\d.]+) MB; (.*); ([\d.]+) s$/m.exec(r.stdout);
  return { wall: (performance.now() - started) / 1000, summary };
}

try {
  await verso(['migrate']);
  await verso(['import', demo]);
  const rows: string[] = [];
  const measure = async (label: string, args: string[]) => {
    const { wall, summary } = await verso(['build-site', 'demo', ...args]);
    const pages = Number(summary?.[1]);
    const inCommand = Number(summary?.[5]);
    rows.push(
      `| ${label} | ${pages} | ${summary?.[2]} | ${summary?.[3]} MB | ${inCommand.toFixed(1)} s | ${wall.toFixed(1)} s | ${((inCommand / pages) * 1000).toFixed(0)} s | ${summary?.[4]} |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
  };
  const out = join(dir, 'out');
  await measure('demo, full', ['--out', out]);
  await measure('demo, incremental, nothing changed', ['--out', out, '--incremental']);
  await growDocuments(database.db, 1000);
  await measure('demo + 1,000 posts, full', ['--out', out]);
  await measure('demo + 1,000 posts, incremental, nothing changed', ['--out', out, '--incremental']);
  process.stdout.write(
    [
      '## Static export',
      '',
      `\`npm run bench:build-site\` on ${new Date().toISOString().slice(0, 10)} (PostgreSQL; \`verso build-site\` as a user runs it; "in the command" is the build's own time, "wall" adds start-up).`,
      '',
      '| build | pages | files | size | in the command | wall | per 1,000 pages | how |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
} finally {
  await database.drop();
}
