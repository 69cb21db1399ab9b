import type { RedisCost } from './redis-cost.ts';
import type { SizePoint, SizeRead } from './size-curve.ts';

/** Issue 42, point 4: at most 0.2 ms more per read with Redis than without. */
const TARGET_MS = 0.2;

const f2 = (n: number) => n.toFixed(2);
const row = (name: string, without: number, withRedis: number) =>
  `| ${name} | ${f2(without)} | ${f2(withRedis)} | ${withRedis - without >= 0 ? '+' : ''}${f2(withRedis - without)} | ${withRedis - without <= TARGET_MS ? '✓' : '✗'} |`;
const HEADER = [
  '| read | p50 without Redis (ms) | p50 with Redis (ms) | difference (ms) | within 0.2 ms |',
  '| --- | ---: | ---: | ---: | --- |',
];

const SIZE_READS: Record<SizeRead, string> = {
  list: '`GET /v1/content?limit=25`',
  permalink: 'REST permalink (12 levels)',
  graphql: 'GraphQL (the bench query)',
  page: 'page: blog post',
  deepPage: 'page: 12 levels deep',
};

/** bench/results.md's section on what Redis costs a read: the hot paths, and the uncached reads by size. */
export function redisSection(redis?: RedisCost, sizes: SizePoint[] = []): string[] {
  const withSizes = sizes.filter((p) => p.redis);
  if (!redis && withSizes.length === 0) return [];
  const lines = [
    '',
    '## What Redis costs a read (issue 42, point 4)',
    '',
    'The same processes without REDIS_URL and with it (shared cache, purge bus and rate counters in Redis), side by side on one database, one request at a time. Target: at most 0.2 ms more with Redis, uncached and cached.',
  ];
  if (redis) {
    lines.push(
      '',
      `\`verso serve\` public and website (bench/redis-cost.ts), taking turns 20 requests of each read per side, ${redis.turns} turns measured: uncached lists (each address new: \`limit\` and \`offset\` vary, the same sequence on both) and the cached hot paths.`,
      "The serving process's CPU per request (µs, the median of the batches') beside: on a loaded machine a p50 also waits for cores that other work holds; the CPU a read costs is what Redis adds to it there.",
      '',
      `${HEADER[0]} CPU µs without | CPU µs with |`,
      `${HEADER[1]} ---: | ---: |`,
      ...redis.rows.map(
        (r) => `${row(r.read, r.without, r.with)} ${Math.round(r.cpuWithout)} | ${Math.round(r.cpuWith)} |`,
      ),
    );
  }
  if (withSizes.length) {
    lines.push(
      '',
      "The uncached reads by space size (the size curve above, bench/size-curve.ts): beside each size's two processes, the same two with Redis, measured in the same turns. Each read misses the cache as a new address does (`--miss`: a key of its own; with Redis, the shared entry is read first and written after the answer).",
      '',
      ...HEADER,
      ...withSizes.flatMap((p) =>
        (Object.keys(SIZE_READS) as SizeRead[]).map((k) =>
          row(`${p.generated}: ${SIZE_READS[k]}`, p[k].p50, p.redis![k].p50),
        ),
      ),
    );
  }
  return lines;
}
