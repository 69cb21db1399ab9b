import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { latencyMetric, RequestTally } from './request-tally.ts';

const BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const NAME = 'verso_http_request_duration_seconds';
const COUNTER = 'verso_http_requests_total';

/** The same answers through prom-client's own Counter and Histogram, and through the tally. */
function both() {
  const own = new Registry();
  const counter = new Counter({ name: COUNTER, help: 'h', labelNames: ['kind', 'status'], registers: [own] });
  const histogram = new Histogram({
    name: NAME,
    help: 'l',
    labelNames: ['kind'],
    buckets: BOUNDS,
    registers: [own],
  });
  const ours = new Registry();
  const tally = new RequestTally(BOUNDS);
  new Counter({
    name: COUNTER,
    help: 'h',
    labelNames: ['kind', 'status'],
    registers: [ours],
    collect() {
      for (const { kind, status, count } of tally.drain()) this.inc({ kind, status }, count);
    },
  });
  ours.registerMetric(latencyMetric(tally, NAME, 'l') as unknown as Histogram);
  const add = (kind: string, status: number, seconds: number) => {
    counter.inc({ kind, status: String(status) });
    histogram.observe({ kind }, seconds);
    tally.add(kind, status, seconds);
  };
  return { own, ours, add };
}

/** The exposition's lines in order within each metric's block of values; the order of series is not meaningful. */
const lines = (text: string) => text.split('\n').sort();

describe('request tally', () => {
  it('writes the series prom-client writes for the same answers, bounds and +Inf included', async () => {
    const { own, ours, add } = both();
    // Exactly on a bound counts in that bucket, as prom-client counts it; 7 s is above every bound.
    for (const [kind, status, seconds] of [
      ['rest', 200, 0.0004],
      ['rest', 200, 0.0005],
      ['page', 404, 0.003],
      ['rest', 304, 0.2],
      ['graphql', 200, 7],
      ['page', 200, 0.0101],
    ] as const)
      add(kind, status, seconds);
    expect(lines(await ours.metrics())).toEqual(lines(await own.metrics()));
    // Counts go on adding up across scrapes.
    add('rest', 200, 0.001);
    add('media', 200, 0.02);
    expect(lines(await ours.metrics())).toEqual(lines(await own.metrics()));
    expect(await ours.metrics()).toContain(`${COUNTER}{kind="rest",status="200"} 3`);
  });

  it('exports no series before the first answer, and no latencies after a registry reset', async () => {
    const { own, ours, add } = both();
    expect(await ours.metrics()).toBe(await own.metrics());
    add('rest', 200, 0.001);
    await ours.metrics();
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('_bucket');
  });
});
