import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReplaySinks } from '../http/fast-answers.ts';
import type { Metrics } from './metrics.ts';
import { routeKind } from './route-kind.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * Counts every answer of the slow path at the node:http level, when it ends. An answer that never finished
 * (the client went away) counts as 499. Answers replayed in front of Hono (core/http/fast-answers.ts) are
 * counted by the fast answers themselves, through `replaySinks`.
 */
export function observeRequests(listener: Listener, metrics: Metrics, website: boolean): Listener {
  // One listener for every answer, reading what it needs from the answer itself: no closure per request.
  function closed(this: Timed) {
    const status = this.writableFinished ? this.statusCode : 499;
    metrics.request(routeKind(this.req.url, website), status, (performance.now() - this[STARTED]) / 1000);
  }
  return (req, res) => {
    (res as Timed)[STARTED] = performance.now();
    res.on('close', closed);
    return listener(req, res);
  };
}

/**
 * Where the replays of one recorded answer are counted: its route kind and status are those of the request
 * it was recorded from, so they are worked out once per recipe, not per replay.
 */
export function replaySinks(metrics: Metrics, website: boolean): ReplaySinks {
  return (url, status) => metrics.requestSink(routeKind(url, website), status);
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
