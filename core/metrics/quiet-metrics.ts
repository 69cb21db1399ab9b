import type { Registry } from 'prom-client';
import type { Metrics } from './metrics.ts';

/**
 * Figures that go nowhere, for a one-shot command that serves no `/metrics` (the static export): without
 * prom-client, whose loading (with the OpenTelemetry API it pulls in) was some 0.1–0.2 s of such a command's start.
 */
export function quietMetrics(): Metrics {
  const none = () => {};
  return {
    get registry(): Registry {
      throw new Error('these metrics are not collected (no /metrics in this process)');
    },
    request: none,
    requestSink: () => none,
    cacheLookup: none,
    purgeSent: none,
    purgeReceived: none,
    render: none,
    rateRefused: none,
    watch: none,
  };
}
