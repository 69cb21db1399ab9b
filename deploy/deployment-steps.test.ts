import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type OwnPostgres, reachableByOthers, startOwnPostgres } from '../core/testing/own-postgres.ts';
import { freePort } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const redisUrl = serviceUrl('REDIS_URL');

/** The `sh` blocks of docs/deployment.md's "Step by step on one machine", in order, as written. */
function steps(): string {
  const doc = readFileSync(join(root, 'docs/deployment.md'), 'utf8');
  const start = doc.indexOf('## Step by step on one machine');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(6);
  return blocks.join('\n');
}

/**
 * docs/deployment.md followed literally: its commands run by bash, in order, in a PostgreSQL cluster of this
 * test's own (the steps create roles and a database by their literal names), with the machine's Redis under a
 * prefix of its own, free ports and a folder of its own given through the variables the first block reads.
 */
describe.skipIf(!redisUrl)('docs/deployment.md, step by step', () => {
  let postgres: OwnPostgres | undefined;
  let group: number | undefined;
  const work = mkdtempSync(join(tmpdir(), 'verso-steps-'));
  // varnishd (started as root) drops to its own user, which must reach the VCL in this folder.
  reachableByOthers(tmpdir());
  chmodSync(work, 0o755);

  afterAll(() => {
    if (group) {
      try {
        process.kill(-group, 'SIGTERM');
      } catch {}
    }
    const pidFile = join(work, 'varnish.pid');
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
      } catch {}
    }
    postgres?.stop();
  });

  it('roles, migrate, import, a key, four processes, Varnish with the director: pages hit, a publish reaches it', async () => {
    const pgPort = await freePort();
    postgres = startOwnPostgres(pgPort);
    const ports = {
      MANAGEMENT_PORT: await freePort(),
      PUBLIC_PORT: await freePort(),
      SITE_PORT_1: await freePort(),
      SITE_PORT_2: await freePort(),
      VARNISH_PORT: await freePort(),
    };
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      PGHOST: '127.0.0.1',
      PGPORT: String(pgPort),
      PGUSER: 'postgres',
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `verso-steps-${process.pid}`,
      WORK: work,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    };
    for (const name of ['DATABASE_URL', 'DATA_DIR', 'NODE_ENV', 'SERVER_MODE', 'PORT', 'HOST'])
      delete env[name];
    const child = spawn('bash', ['-euo', 'pipefail', '-c', steps()], {
      cwd: root,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    group = child.pid;
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const logs = ['management', 'public', 'website-1', 'website-2']
      .map((name) => join(work, `${name}.log`))
      .filter(existsSync)
      .map((file) => `${file}:\n${readFileSync(file, 'utf8').slice(-2000)}`)
      .join('\n');
    expect(code, `${out}\n${logs}`).toBe(0);
    expect(out).toMatch(/^x-cache: hit/im);
    expect(out).toMatch(/^x-cache: miss/im);
    expect(out).toContain('"status":"published"');
  }, 240_000);
});
