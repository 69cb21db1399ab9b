import type { RedisCost } from './redis-cost.ts';
import { redisSection } from './report-redis.ts';
import type { SizePoint } from './size-curve.ts';
import type { WarmStart } from './warm-start.ts';

/** The sections of issue 42's points 4 and 5 in bench/results.md: what Redis costs a read, and warm readiness. */
export function redisAndWarmSections(redis?: RedisCost, warm?: WarmStart, sizes: SizePoint[] = []): string[] {
  const f2 = (n: number) => n.toFixed(2);
  const lines: string[] = [];
  lines.push(...redisSection(redis, sizes));
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
