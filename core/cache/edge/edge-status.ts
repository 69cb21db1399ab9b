import type { EdgePurger } from './edge-purgers.ts';

/** What `/readyz` reports of the edge (its `edge` detail). */
export interface EdgeStatus {
  kind: EdgePurger['kind'];
  status: 'ok' | 'failing';
  /** Purges waiting for a retry. */
  pending: number;
  lastError?: string;
  lastFailureAt?: string;
  lastSuccessAt?: string;
}

// Its own module, apart from edge-purges.ts: the app asks for the status of every cache, and reading it must not
// load bullmq (about 0.5 s of CPU at start) in processes without an edge (the static export).
export const statusOf = new WeakMap<object, () => Promise<EdgeStatus>>();

/** The edge status of a cache made by `forwardPurges`, for `/readyz`. */
export function edgeStatusOf(cache: object): (() => Promise<EdgeStatus>) | undefined {
  return statusOf.get(cache);
}
