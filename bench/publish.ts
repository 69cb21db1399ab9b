import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../core/db/types.ts';
import { runVerso } from '../core/testing/processes.ts';
import { editorAccess } from './editor-access.ts';
import { threeRoles } from './three-roles.ts';

export interface PublishTimings {
  count: number;
  answer: { p50: number; p99: number };
  page: { p50: number; p99: number };
  rest: { p50: number; p99: number };
}

/** The demo's rate rules raised for load (1,000,000 a second); the rules still count every request. */
export async function raiseRateRules(db: Queryable): Promise<void> {
  for (const rule of ['publicApi', 'sitePages'])
    await db.query(
      `insert into space_controls (space_id, key, value)
       select id, k, v::jsonb from spaces, (values ($1, '1000000'), ($2, '1')) as c(k, v)
       on conflict (space_id, key) do update set value = excluded.value`,
      [`rateLimit.${rule}.points`, `rateLimit.${rule}.durationSeconds`],
    );
}

export const WARM_UP = Number(process.env.BENCH_PUBLISH_WARM_UP ?? 1000);

/** p50 and p99 of times in ms, to 0.1 ms. */
export const quantiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { p50: at(0.5), p99: at(0.99) };
};

function status(port: number, path: string, host = 'localhost'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** `env`: a migrated database with the demo imported (DATABASE_URL) and REDIS_URL. */
export async function publishTimings(
  env: Record<string, string>,
  post: string,
  count: number,
): Promise<PublishTimings> {
  const roles = await threeRoles(env, 'publish');
  try {
    const { management, website, public: publicApi } = roles;
    const { key, id } = await editorAccess(roles.env, post);
    const rest = `/v1/permalink${post}`;
    // A process that has served a site for a while, not one just started: page renders, 404 renders (the
    // not-found document, which an unpublished post answers) and REST reads that miss the caches (each under a
    // port of its own in the Host header, which is part of both cache keys), so that V8 has optimized the
    // paths a fresh answer takes. Without it the first four changes below are the only warm-up, and every
    // render of the measured ones ran unoptimized code; with 300 rounds of only pages and REST reads, a 404
    // after an unpublish was rendered cold.
    for (let i = 0; i < WARM_UP; i++) {
      const host = `localhost:${20_000 + i}`;
      const answered = [
        await status(website, post, host),
        await status(website, `${post}-missing`, host),
        await status(publicApi, rest, host),
      ];
      if (answered.join() !== '200,404,200') throw new Error(`warm-up answered ${answered.join(', ')}`);
    }
    const answers: number[] = [];
    const pages: number[] = [];
    const rests: number[] = [];
    for (let i = 0; i < count + 4; i++) {
      const unpublish = i % 2 === 0;
      // The current state cached in both processes.
      await status(website, post);
      await status(publicApi, rest);
      const start = performance.now();
      const res = await fetch(
        `http://127.0.0.1:${management}/rpc/${unpublish ? 'content.unpublish' : 'content.publish'}`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ space: 'demo', id, locale: 'en' }),
        },
      );
      await res.text();
      if (res.status !== 200) throw new Error(`publish answered ${res.status}`);
      const answered = performance.now();
      const want = unpublish ? 404 : 200;
      const fresh = async (port: number, path: string) => {
        const from = performance.now();
        for (;;) {
          const got = await status(port, path);
          if (got === want) break;
          // Only the state before the change may be answered meanwhile.
          if (got !== (unpublish ? 200 : 404)) throw new Error(`${path} answered ${got}`);
          if (performance.now() - from > 10_000) throw new Error(`${path} did not show ${want} within 10 s`);
        }
        return performance.now() - from;
      };
      // One after the other: each is the first request its process sees after the answer.
      const page = await fresh(website, post);
      const api = await fresh(publicApi, rest);
      // The first four changes warm the processes (prepared statements, JIT); they are not counted. An even
      // number of changes in all leaves the post published, as it was.
      if (i < 4) continue;
      answers.push(answered - start);
      pages.push(page);
      rests.push(api);
    }
    return { count, answer: quantiles(answers), page: quantiles(pages), rest: quantiles(rests) };
  } finally {
    await roles.stop();
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const { freshPostgres } = await import('../core/testing/databases.ts');
  const adminUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!adminUrl || !redisUrl) throw new Error('bench/publish.ts needs DATABASE_URL and REDIS_URL');
  const database = await freshPostgres(adminUrl);
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
    TRUSTED_PROXIES: 'none',
    DATA_DIR: fileURLToPath(new URL('../.verso/bench-publish', import.meta.url)),
  };
  try {
    for (const argv of [
      ['migrate'],
      ['import', fileURLToPath(new URL('../demo/space.json', import.meta.url))],
    ]) {
      const r = await runVerso(argv, env);
      if (r.code !== 0) throw new Error(r.stderr);
    }
    const { loadConfig } = await import('../core/config/index.ts');
    const { openDb } = await import('../core/db/open.ts');
    const db = await openDb(loadConfig(env));
    await raiseRateRules(db);
    await db.close();
    const count = 2 * Math.ceil(Number(process.argv[2] ?? 50) / 2);
    console.log(JSON.stringify(await publishTimings(env, '/blog/we-moved-into-the-old-tram-depot', count)));
  } finally {
    await database.drop();
  }
}
