import type { RedisCost } from './redis-cost.ts';
import type { WarmStart } from './warm-start.ts';

/** The sections of issue 42's points 4 and 5 in bench/results.md: what Redis costs a read, and warm readiness. */
export function redisAndWarmSections(redis?: RedisCost, warm?: WarmStart): string[] {
  const f2 = (n: number) => n.toFixed(2);
  const lines: string[] = [];
  if (redis) {
    const row = (name: string, r: { without: number; with: number }) =>
      `| ${name} | ${f2(r.without)} | ${f2(r.with)} | ${f2(r.with - r.without)} | ${r.with - r.without <= 0.2 ? 'yes' : 'no'} |`;
    lines.push(
      '',
      '## What Redis costs a read (issue 42, point 4)',
      '',
      'The same public process (`verso serve`) without REDIS_URL and with it, side by side on one database, taking turns 20 requests each, one at a time (bench/redis-cost.ts): uncached lists (each address new: `limit` and `offset` vary, the same sequence on both) and a cached list. Target: at most 0.2 ms more with Redis.',
      '',
      '| read | p50 without Redis (ms) | p50 with Redis (ms) | difference (ms) | within 0.2 ms |',
      '| --- | ---: | ---: | ---: | --- |',
      row('uncached list', redis.uncached),
      row('cached list', redis.cached),
    );
  }
  if (warm) {
    const kinds = ['page', 'list', 'graphql', 'all'] as const;
    lines.push(
      '',
      '## Warm readiness (issue 42, point 5)',
      '',
      `\`verso serve\` website and public on PostgreSQL and Redis, ${warm.starts} starts pooled (bench/warm-start.ts): the first 25 requests once \`/readyz\` answers 200 (pages, lists, GraphQL in turn, each address new) against 25 more of the same kinds after some hundreds of others. Target: cold p50 within 1.5× of warm.`,
      '',
      '| kind | first 25 after ready, p50 (ms) | warm, p50 (ms) | ratio |',
      '| --- | ---: | ---: | ---: |',
      ...kinds.map(
        (k) => `| ${k} | ${f2(warm.cold[k])} | ${f2(warm.warm[k])} | ${f2(warm.cold[k] / warm.warm[k])}× |`,
      ),
    );
  }
  return lines;
}
