/**
 * `npm run chaos`: faults under steady load, by hand, never part of `npm test` (docs/operations.md, "Chaos").
 *
 *   npm run chaos -- [--soak-seconds 300] [--workers 8] [--out /abs/path/chaos.md]
 *
 * Its own PostgreSQL cluster and Redis server (own-services.ts, temporary, loopback, free ports), the demo space,
 * and four `verso serve` processes: two website processes (the load fails over between them on a refused
 * connection, as a load balancer would), a public one and a management one. Under steady load of cached pages,
 * cached REST answers and uncached REST searches, one fault after another:
 *   (a) Redis stopped for 10 s and restarted   (b) PostgreSQL restarted   (c) a website process killed and
 *   restarted   (d) 500 idle connections held open   (e) a 100 MB body to every POST route   (f) a soak.
 * It prints, per fault: requests, failed requests by status, time to recovery, purges that arrived after
 * recovery, and each process's RSS at the start and end. Every loop is bounded in count and time.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../core/config/index.ts';
import { openDb } from '../../core/db/open.ts';
import { linkedAssets, unansweredAssets } from '../../core/testing/linked-assets.ts';
import { freePort, type Running, runVerso, startVerso } from '../../core/testing/processes.ts';
import { steadyLoad, type Tally, tally } from './load.ts';
import { ownRedis, startOwnPostgres } from './own-services.ts';
import { bigBody, idleConnections, rssMb, send, sleep, timeUntil } from './probes.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const SOAK_SECONDS = Number(arg('soak-seconds', '300'));
const WORKERS = Number(arg('workers', '8'));
const OUT = arg('out', '');
const demoFile = fileURLToPath(new URL('../../demo/space.json', import.meta.url));
const POST_PATH = '/blog/why-we-roast-lighter';
const SITE = { host: 'localhost' };
/** Pages whose linked files (c) asks of each website process: the home page has its own stylesheet. */
const ASSET_PAGES = ['/', POST_PATH, '/blog', '/contact'];

interface Proc {
  name: string;
  mode: string;
  port: number;
  url: string;
  running: Running;
}

interface Row {
  fault: string;
  tally: Tally;
  recovery: string;
  purges: string;
  rss: string;
  note: string;
}

const log = (line: string) => process.stdout.write(`[chaos] ${line}\n`);

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'verso-chaos-'));
  const pg = startOwnPostgres(await freePort());
  const redis = ownRedis(await freePort());
  await redis.start();
  const procs: Proc[] = [];
  try {
    const env: Record<string, string> = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `chaos-${randomUUID().slice(0, 8)}`,
      NODE_ENV: 'production',
      AUTH_SECRET: 'chaos-secret-0123456789-0123456789-0123456789',
      TRUSTED_PROXIES: 'none',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
    };
    const must = async (argv: string[]) => {
      const r = await runVerso(argv, env);
      if (r.code !== 0) throw new Error(`verso ${argv.join(' ')} failed:\n${r.stderr}`);
      return r.stdout.trim();
    };
    await must(['migrate']);
    await must(['import', demoFile]);
    const key = await must([
      'keys',
      'create',
      '--space',
      'demo',
      '--permissions',
      'space:read,space:write',
      '--role',
      'editor',
    ]);
    const db = await openDb(loadConfig(env));
    // The load comes from one address: raise the demo's rate rules (they still count every request).
    for (const rule of ['publicApi', 'sitePages'])
      await db.query(
        `insert into space_controls (space_id, key, value) select id, $1, '1000000'::jsonb from spaces
         on conflict (space_id, key) do update set value = excluded.value`,
        [`rateLimit.${rule}.points`],
      );
    const spaceId = (await db.query<{ id: string }>('select id from spaces')).rows[0]!.id;
    await db.close();

    const start = async (name: string, mode: string, extra: Record<string, string> = {}, port?: number) => {
      const p = port ?? (await freePort());
      const running = await startVerso(
        ['serve'],
        { ...env, SERVER_MODE: mode, PORT: String(p), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...extra },
        /"msg":"listening"/,
        120_000,
      );
      const proc = { name, mode, port: p, url: `http://127.0.0.1:${p}`, running };
      const i = procs.findIndex((x) => x.name === name);
      if (i >= 0) procs[i] = proc;
      else procs.push(proc);
      return proc;
    };
    await start('site-1', 'website');
    await start('site-2', 'website');
    await start('public', 'public', { PUBLIC_SPACE: 'demo' });
    await start('management', 'management');
    const by = (name: string) => procs.find((p) => p.name === name)!;
    const rss = () => Object.fromEntries(procs.map((p) => [p.name, rssMb(p.running.child.pid)]));
    const rssLine = (a: Record<string, number>, b: Record<string, number>) =>
      Object.keys(a)
        .map((n) => `${n} ${a[n]}→${b[n]}`)
        .join(', ');
    const rpc = (name: string, input: Record<string, unknown>) =>
      send(by('management').url, {
        method: 'POST',
        path: `/rpc/${name}`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ space: 'demo', ...input }),
      });

    const load = steadyLoad(
      [
        {
          name: 'page',
          cached: true,
          urls: () => [by('site-1').url, by('site-2').url],
          path: () => '/',
          ...SITE,
        },
        {
          name: 'post',
          cached: true,
          urls: () => [by('site-1').url, by('site-2').url],
          path: () => POST_PATH,
          ...SITE,
        },
        {
          name: 'rest',
          cached: true,
          urls: () => [by('public').url],
          path: () => `/v1/permalink${POST_PATH}`,
        },
        {
          name: 'search',
          cached: false,
          urls: () => [by('public').url],
          path: () => `/v1/content?search=${randomUUID().slice(0, 6)}`,
        },
      ],
      WORKERS,
    );
    log(`steady load: ${WORKERS} workers; warming up`);
    await sleep(5000);
    const rows: Row[] = [];
    const measure = async (
      fault: string,
      run: () => Promise<{ recovery?: string; purges?: string; note?: string; settleMs?: number }>,
    ) => {
      log(`${fault}…`);
      const before = rss();
      const from = Date.now();
      const r = await run();
      await sleep(r.settleMs ?? 2000);
      const to = Date.now();
      const row: Row = {
        fault,
        tally: tally(load.between(from, to)),
        recovery: r.recovery ?? '—',
        purges: r.purges ?? '—',
        rss: rssLine(before, rss()),
        note: r.note ?? '',
      };
      rows.push(row);
      log(
        `${fault}: ${JSON.stringify(row.tally)} recovery ${row.recovery}; purges ${row.purges}; ${row.note}`,
      );
    };

    /** The files the demo's pages link, asked of one process: `<200s>/<asked>` and what failed. */
    const assetCheck = async (url: string) => {
      const ask = (path: string, host: string) => send(url, { path, host });
      const seen = new Set<string>();
      const failed: string[] = [];
      for (const path of ASSET_PAGES) {
        const page = await send(url, { path, ...SITE });
        if (page.status !== 200) failed.push(`page ${page.status} ${path}`);
        failed.push(...(await unansweredAssets(ask, SITE.host, linkedAssets(page.body), seen)));
      }
      if (failed.length) assetFailures.push(...failed);
      return `${seen.size - failed.length}/${seen.size} files 200${failed.length ? ` (FAILED: ${failed.join(', ')})` : ''}`;
    };
    const assetFailures: string[] = [];

    // (a) Redis down for 10 s. A purge made meanwhile must reach both website processes once Redis is back.
    await measure('(a) Redis stopped 10 s, restarted', async () => {
      const path = `/chaos-${randomUUID().slice(0, 6)}`;
      for (const site of ['site-1', 'site-2']) await send(by(site).url, { path, ...SITE }); // a cached 404
      await redis.stop();
      await sleep(3000);
      const made = await rpc('redirects.create', { locale: 'en', fromPath: path, toPath: '/' });
      await sleep(7000);
      await redis.start();
      const both = async () => {
        for (const site of ['site-1', 'site-2'])
          if ((await send(by(site).url, { path, ...SITE })).status !== 301) return false;
        return true;
      };
      const ms = await timeUntil(both, 30_000);
      return {
        recovery: ms === undefined ? 'not within 30 s' : `${ms} ms`,
        purges: `${ms === undefined ? 0 : 1}/1 (made during the outage: ${made.status})`,
      };
    });

    // (b) PostgreSQL restarted: uncached reads answer 503 with the error body, then recover on their own.
    await measure('(b) PostgreSQL restarted', async () => {
      const started = Date.now();
      await pg.restart();
      const uncached = async () =>
        (await send(by('public').url, { path: `/v1/content?search=${randomUUID().slice(0, 6)}` })).status ===
        200;
      const ms = await timeUntil(uncached, 30_000);
      return {
        recovery:
          ms === undefined ? 'not within 30 s' : `${Date.now() - started} ms from the restart command`,
      };
    });

    // (c) A website process killed (SIGKILL) and started again on its port. The pages the survivor answers
    // (many rendered by the killed one) must link only files it answers 200, and so must the restarted one's.
    await measure('(c) website process killed, restarted', async () => {
      const victim = by('site-1');
      const started = Date.now();
      victim.running.child.kill('SIGKILL');
      await sleep(1000);
      const down = Date.now() - started;
      const survivor = await assetCheck(by('site-2').url);
      // The check's own time is not the restart's: it is left out of the recovery.
      const restarting = Date.now();
      await start('site-1', 'website', {}, victim.port);
      const recovery = down + Date.now() - restarting;
      const restarted = await assetCheck(by('site-1').url);
      return {
        recovery: `${recovery} ms until it listened again`,
        note: `files linked by pages: survivor ${survivor}; restarted ${restarted}`,
      };
    });

    // (d) 500 idle connections to one website process.
    await measure('(d) 500 idle connections', async () => {
      const site = by('site-1');
      const idle = await idleConnections('127.0.0.1', site.port, 500);
      const ms = await timeUntil(async () => idle.closed() >= 500, 75_000);
      const note = `accepted ${500 - idle.refused()}, closed by the server: ${idle.closed()} (${ms === undefined ? 'not all within 75 s' : `all after ${ms} ms`})`;
      idle.release();
      return { note };
    });

    // (e) 100 MB to every POST route.
    await measure('(e) 100 MB body to every POST route', async () => {
      const home = await send(by('site-1').url, { path: '/contact', ...SITE });
      const form = /action="(\/_cms\/forms\/[^"]+)"/.exec(home.body)?.[1];
      const routes: Array<[string, string, Record<string, string>]> = [
        [by('management').url, '/rpc/content.publish', { authorization: `Bearer ${key}` }],
        [by('management').url, '/auth/session', {}],
        [by('management').url, '/api/v1/contentTypes/reload', { authorization: `Bearer ${key}` }],
        [
          by('management').url,
          `/upload/${spaceId}`,
          { authorization: `Bearer ${key}`, 'content-type': 'multipart/form-data; boundary=x' },
        ],
        [by('public').url, '/graphql', {}],
        [
          by('site-1').url,
          '/_cms/password',
          { ...SITE, 'content-type': 'application/x-www-form-urlencoded' },
        ],
        ...(form
          ? [
              [
                by('site-1').url,
                form,
                { ...SITE, origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
              ] as [string, string, Record<string, string>],
            ]
          : []),
      ];
      const results: string[] = [];
      for (const [url, path, headers] of routes) {
        const r = await bigBody(url, path, 100, headers);
        results.push(
          `${path.replace(/\/_cms\/forms\/.*/, '/_cms/forms/…')} ${r.status}${r.key ? ` ${r.key}` : ''} after ${r.sentMb} MB, ${r.ms} ms`,
        );
      }
      return { note: results.join('; ') + (form ? '' : '; no form found on /contact') };
    });

    // (f) Soak.
    await measure(`(f) soak ${SOAK_SECONDS} s`, async () => {
      await sleep(SOAK_SECONDS * 1000);
      return {};
    });

    await load.stop();
    const table = [
      `Chaos run ${new Date().toISOString()} on ${process.platform} (${(await import('node:os')).cpus().length} cores, ${(await import('node:os')).cpus()[0]?.model ?? ''}), ${WORKERS} load workers`,
      '',
      '| fault | requests | failed (by status) | cached failed | 503 with error body | recovery | purges after recovery | RSS MB start→end | notes |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        (r) =>
          `| ${r.fault} | ${r.tally.requests} (${r.tally.retried} failed over) | ${JSON.stringify(r.tally.failed)} | ${r.tally.cachedFailed} | ${JSON.stringify(r.tally.unavailable)} | ${r.recovery} | ${r.purges} | ${r.rss} | ${r.note} |`,
      ),
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    if (OUT) writeFileSync(OUT, `${table}\n`);
    if (assetFailures.length) {
      process.stdout.write(
        `\nFAILED: pages linked files their process did not answer: ${assetFailures.join(', ')}\n`,
      );
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(procs.map((p) => p.running.stop()));
    await redis.stop();
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(process.exitCode ?? 0);
