import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { latencyMetric, RequestTally } from './request-tally.ts';

/**
 * Where a cached read was answered: `answer` (a whole HTTP answer replayed in front of Hono,
 * core/http/fast-answers.ts), `front` (the tagged cache's own map), `memory` and `redis` (bentocache's layers).
 */
export type CacheTier = 'answer' | 'front' | 'memory' | 'redis';

/** What a process reads at scrape time, not per event. */
export interface MetricsGauges {
  pool?: () => { total: number; idle: number; waiting: number; max: number } | undefined;
  /** True while Redis answers; undefined: the process runs without Redis. */
  redisUp?: () => boolean;
}

/**
 * The figures of one process (docs/operations.md, "Metrics"), on its own prom-client registry so that two
 * processes built in one test run do not share counters. The methods are called on hot paths: a label set's
 * child is looked up once and kept.
 */
export interface Metrics {
  readonly registry: Registry;
  request(kind: string, status: number, seconds: number): void;
  /** `request` for one kind and status, looked up once (the fast answers count each replay of a recipe). */
  requestSink(kind: string, status: number): (seconds: number) => void;
  cacheLookup(tier: CacheTier, hit: boolean): void;
  /** A purge this process made: how many tags, and how long it waited for the other processes. */
  purgeSent(tags: number, waitSeconds: number): void;
  /** A purge another process made, applied here `delaySeconds` after it was sent. */
  purgeReceived(delaySeconds: number): void;
  render(seconds: number): void;
  rateRefused(rule: string): void;
  watch(gauges: MetricsGauges): void;
}

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Children by label values, made once: `labels()` hashes its arguments on every call. */
function memo<T>(make: (...values: string[]) => T): (...values: string[]) => T {
  const known = new Map<string, T>();
  return (...values) => {
    const key = values.join('\u0000');
    let child = known.get(key);
    if (child === undefined) {
      child = make(...values);
      known.set(key, child);
    }
    return child;
  };
}

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // Node's own figures (RSS, heap, event loop lag, GC) for a serving process; tests leave them off.
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'verso_' });
  // Every answer adds to plain numbers; prom-client reads them at a scrape (request-tally.ts says why).
  const tally = new RequestTally(LATENCY_BUCKETS);
  new Counter({
    name: 'verso_http_requests_total',
    help: 'Answers by route kind and status (499: the client went away first).',
    labelNames: ['kind', 'status'],
    registers: [registry],
    collect() {
      for (const { kind, status, count } of tally.drain()) this.inc({ kind, status }, count);
    },
  });
  registry.registerMetric(
    latencyMetric(
      tally,
      'verso_http_request_duration_seconds',
      'Time from the request to the end of the answer, by route kind.',
    ) as unknown as Histogram,
  );
  // Looked up on every request (the fast answers' own tier included): counted in plain numbers, read at scrape.
  const lookups = new Map<CacheTier, { hit: number; miss: number }>();
  new Counter({
    name: 'verso_cache_lookups_total',
    help: 'Cache lookups by tier and result (hit or miss).',
    labelNames: ['tier', 'result'],
    registers: [registry],
    collect() {
      for (const [tier, counts] of lookups) {
        for (const result of ['hit', 'miss'] as const) {
          if (counts[result] > 0) this.inc({ tier, result }, counts[result]);
          counts[result] = 0;
        }
      }
    },
  });
  const purgesSent = new Counter({
    name: 'verso_purges_sent_total',
    help: 'Purges this process made.',
    registers: [registry],
  });
  const purgedTags = new Counter({
    name: 'verso_purged_tags_total',
    help: 'Tags in the purges this process made.',
    registers: [registry],
  });
  const purgeWait = new Histogram({
    name: 'verso_purge_wait_seconds',
    help: 'How long a purge waited until every other process had applied it (or gave up).',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const purgesReceived = new Counter({
    name: 'verso_purges_received_total',
    help: 'Purges of other processes applied here.',
    registers: [registry],
  });
  const purgeDelay = new Histogram({
    name: 'verso_purge_delay_seconds',
    help: 'From a purge sent by another process to its being applied here (clocks of both processes).',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  const renders = new Histogram({
    name: 'verso_page_render_seconds',
    help: 'Server rendering of a page (designs to HTML), uncached pages only.',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'verso_rate_limit_refusals_total',
    help: 'Requests refused by a rate rule.',
    labelNames: ['rule'],
    registers: [registry],
  });
  const gauges: MetricsGauges = {};
  new Gauge({
    name: 'verso_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max); none on embedded PGlite.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = gauges.pool?.();
      if (!use) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, use[state]);
    },
  });
  new Gauge({
    name: 'verso_redis_up',
    help: '1 while Redis answers, 0 while it is gone; absent without REDIS_URL.',
    registers: [registry],
    collect() {
      if (gauges.redisUp) this.set(gauges.redisUp() ? 1 : 0);
    },
  });

  const refusalChild = memo((rule) => refusals.labels(rule));
  return {
    registry,
    request(kind, status, seconds) {
      tally.add(kind, status, seconds);
    },
    requestSink: (kind, status) => tally.sink(kind, status),
    cacheLookup(tier, hit) {
      let counts = lookups.get(tier);
      if (counts === undefined) {
        counts = { hit: 0, miss: 0 };
        lookups.set(tier, counts);
      }
      if (hit) counts.hit++;
      else counts.miss++;
    },
    purgeSent(tags, waitSeconds) {
      purgesSent.inc();
      purgedTags.inc(tags);
      purgeWait.observe(waitSeconds);
    },
    purgeReceived(delaySeconds) {
      purgesReceived.inc();
      purgeDelay.observe(Math.max(0, delaySeconds));
    },
    render(seconds) {
      renders.observe(seconds);
    },
    rateRefused(rule) {
      refusalChild(rule).inc();
    },
    watch(next) {
      Object.assign(gauges, next);
    },
  };
}
