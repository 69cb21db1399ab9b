import type { MiddlewareHandler } from 'hono';

/**
 * Whether a process has warmed its hot paths (cli/warm-up.ts): until then `/readyz` answers 503, so that a load
 * balancer sends it no visitor while V8 still compiles what the first requests would run (issue 42: a new
 * process answered its first pages 1.3×, lists 1.5–1.6× slower than once warm).
 */
export interface Readiness {
  readonly ready: boolean;
  markReady(): void;
}

export function createReadiness(ready = false): Readiness {
  let state = ready;
  return {
    get ready() {
      return state;
    },
    markReady() {
      state = true;
    },
  };
}

/** `/readyz` while warming: 503 `process.warmingUp`; once ready, the route's own answer. */
export function readinessGate(readiness: Readiness): MiddlewareHandler {
  return async (c, next) => {
    if (readiness.ready) return next();
    return c.json(
      {
        error: {
          key: 'process.warmingUp',
          kind: 'unavailable',
          status: 503,
          message: 'The process is warming up.',
          details: [],
        },
      },
      503,
      { 'Cache-Control': 'no-store', 'Retry-After': '1' },
    );
  };
}
