/**
 * Answers counted by route kind and status, and their latency by route kind, in plain numbers: every request
 * adds to them, and prom-client only reads them when `/metrics` is scraped. prom-client's own `inc` and
 * `observe` hash their labels and validate them on every call: with them, counting cost about 9 µs of every
 * replayed answer (a fifth of its time under wrk, measured with the count switched off and on; see
 * docs/performance.md). The exposition is the same as a prom-client Counter and Histogram would write
 * (request-tally.test.ts compares them line by line).
 */

interface Latency {
  /** Observations per bucket (not cumulative); the last one is above every bound (+Inf). */
  buckets: number[];
  sum: number;
  count: number;
}

/** A value as prom-client's registry formats it (`getForPromString`). */
export interface ExportedValue {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName?: string;
}

export class RequestTally {
  /** Answers not yet handed to the counter, by kind, then status (cells kept, counts set to 0 by a drain). */
  readonly #pending = new Map<string, Map<number, { count: number }>>();
  readonly #latency = new Map<string, Latency>();

  constructor(readonly bounds: readonly number[]) {}

  add(kind: string, status: number, seconds: number): void {
    this.#cellOf(kind, status).count++;
    this.#observe(this.#latencyOf(kind), seconds);
  }

  /**
   * `add` for one kind and status, for a caller that counts the same answer again and again (a replayed
   * answer, core/http/fast-answers.ts): its cells are looked up once.
   */
  sink(kind: string, status: number): (seconds: number) => void {
    const cell = this.#cellOf(kind, status);
    const latency = this.#latencyOf(kind);
    return (seconds) => {
      cell.count++;
      this.#observe(latency, seconds);
    };
  }

  #cellOf(kind: string, status: number): { count: number } {
    let byStatus = this.#pending.get(kind);
    if (byStatus === undefined) {
      byStatus = new Map();
      this.#pending.set(kind, byStatus);
    }
    let cell = byStatus.get(status);
    if (cell === undefined) {
      cell = { count: 0 };
      byStatus.set(status, cell);
    }
    return cell;
  }

  #latencyOf(kind: string): Latency {
    let latency = this.#latency.get(kind);
    if (latency === undefined) {
      latency = { buckets: new Array<number>(this.bounds.length + 1).fill(0), sum: 0, count: 0 };
      this.#latency.set(kind, latency);
    }
    return latency;
  }

  #observe(latency: Latency, seconds: number): void {
    const { bounds } = this;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    latency.buckets[i]!++;
    latency.sum += seconds;
    latency.count++;
  }

  /** The answers counted since the last drain (for a Counter's `collect`), then forgets them. */
  drain(): Array<{ kind: string; status: string; count: number }> {
    const out: Array<{ kind: string; status: string; count: number }> = [];
    for (const [kind, byStatus] of this.#pending)
      for (const [status, cell] of byStatus) {
        if (cell.count === 0) continue;
        out.push({ kind, status: String(status), count: cell.count });
        cell.count = 0;
      }
    return out;
  }

  /** The latency histogram's values, as prom-client's Histogram exports them (kinds in first-seen order). */
  latencyValues(name: string): ExportedValue[] {
    const out: ExportedValue[] = [];
    for (const [kind, latency] of this.#latency) {
      // Reset (or only looked up by a sink so far): exported once observed, as prom-client's would be.
      if (latency.count === 0) continue;
      const sharedLabels = { kind };
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += latency.buckets[i]!;
        out.push({ labels: { le }, sharedLabels, value: cumulative, metricName: `${name}_bucket` });
      });
      out.push(
        { labels: { le: '+Inf' }, sharedLabels, value: latency.count, metricName: `${name}_bucket` },
        { labels: {}, sharedLabels, value: latency.sum, metricName: `${name}_sum` },
        { labels: {}, sharedLabels, value: latency.count, metricName: `${name}_count` },
      );
    }
    return out;
  }

  /** Zeroes the histogram in place: sinks hold its objects. */
  resetLatency(): void {
    for (const latency of this.#latency.values()) {
      latency.buckets.fill(0);
      latency.sum = 0;
      latency.count = 0;
    }
  }
}

/**
 * The latency histogram as a metric of a prom-client Registry (`registerMetric`): what the registry reads of
 * a metric is its name, help, type and values (`getForPromString` for the text, `get` for JSON).
 */
export function latencyMetric(tally: RequestTally, name: string, help: string) {
  const base = { name, help, type: 'histogram' as const, aggregator: 'sum' as const };
  return {
    ...base,
    getForPromString: async () => ({ ...base, values: tally.latencyValues(name) }),
    get: async () => ({
      ...base,
      values: tally
        .latencyValues(name)
        .map(({ labels, sharedLabels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } })),
    }),
    reset: () => tally.resetLatency(),
  };
}
