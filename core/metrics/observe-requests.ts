import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from './metrics.ts';
import { routeKind } from './route-kind.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * Counts every answer at the node:http level, so that answers replayed in front of Hono count too. An answer
 * that never finished (the client went away) counts as 499. A listener that returns a status has committed to
 * that answer (a replay, core/http/fast-answers.ts, sent or queued for the check phase of this turn of the
 * loop): it is counted at once, without a `close` listener; its time ends at the commitment.
 */
export function observeRequests(listener: Listener, metrics: Metrics, website: boolean): Listener {
  // One listener for every answer, reading what it needs from the answer itself: no closure per request.
  function closed(this: Timed) {
    const status = this.writableFinished ? this.statusCode : 499;
    metrics.request(routeKind(this.req.url, website), status, (performance.now() - this[STARTED]) / 1000);
  }
  return (req, res) => {
    const started = performance.now();
    const committed = listener(req, res);
    if (typeof committed === 'number') {
      metrics.request(routeKind(req.url, website), committed, (performance.now() - started) / 1000);
      return committed;
    }
    (res as Timed)[STARTED] = started;
    res.on('close', closed);
    return undefined;
  };
}

const STARTED = Symbol('started');
type Timed = ServerResponse & { [STARTED]: number };

const installed = new WeakMap<object, { metrics: Metrics; website: boolean }>();

/** Has `listen` (core/http/listen.ts) count the app's answers, as `installFastAnswers` has it answer first. */
export function installRequestMetrics(app: object, metrics: Metrics, website: boolean): void {
  installed.set(app, { metrics, website });
}

export function requestMetricsOf(app: object): { metrics: Metrics; website: boolean } | undefined {
  return installed.get(app);
}
