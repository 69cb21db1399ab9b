/**
 * The content view's saving, as a pure state: the newest unsaved snapshot of the draft (`pending`), the one
 * being sent (`inFlight`), and what the editor sees. A save replaces the draft's fields whole, so only the
 * newest snapshot matters: a failed send goes back to `pending` unless a newer one is there, and nothing typed
 * is lost while the network is down. A 409 stops saving until the editor picks a version.
 */

export type SaveView = 'saved' | 'unsaved' | 'saving' | 'offline' | 'conflict' | 'error';

export interface SaveQueue<T> {
  pending: T | null;
  inFlight: T | null;
  view: SaveView;
  /** Failed sends in a row (the retry waits longer each time). */
  failures: number;
  /** The error's words when `view` is `error` (a refused value: fix it and the next edit saves). */
  problem: string | null;
}

export const emptyQueue = <T>(): SaveQueue<T> => ({
  pending: null,
  inFlight: null,
  view: 'saved',
  failures: 0,
  problem: null,
});

export function edited<T>(q: SaveQueue<T>, snapshot: T): SaveQueue<T> {
  const view = q.view === 'conflict' || q.view === 'offline' ? q.view : q.inFlight ? 'saving' : 'unsaved';
  return { ...q, pending: snapshot, view };
}

/** The snapshot to send now, if any (none while one is on its way or a conflict waits). */
export function nextToSend<T>(q: SaveQueue<T>): { queue: SaveQueue<T>; send: T | null } {
  if (q.inFlight || !q.pending || q.view === 'conflict') return { queue: q, send: null };
  return { queue: { ...q, inFlight: q.pending, pending: null, view: 'saving' }, send: q.pending };
}

export function sent<T>(q: SaveQueue<T>): SaveQueue<T> {
  return { ...q, inFlight: null, failures: 0, problem: null, view: q.pending ? 'unsaved' : 'saved' };
}

export type Failure = { kind: 'network' } | { kind: 'conflict' } | { kind: 'refused'; message: string };

export function failed<T>(q: SaveQueue<T>, failure: Failure): SaveQueue<T> {
  const pending = q.pending ?? q.inFlight;
  if (failure.kind === 'conflict') return { ...q, pending, inFlight: null, view: 'conflict' };
  if (failure.kind === 'refused')
    return { ...q, pending: null, inFlight: null, view: 'error', problem: failure.message, failures: 0 };
  return { ...q, pending, inFlight: null, view: 'offline', failures: q.failures + 1 };
}

/** After the editor picked a version in a conflict: saving goes on from `snapshot` (or stops when null). */
export function resolved<T>(q: SaveQueue<T>, snapshot: T | null): SaveQueue<T> {
  return { ...q, pending: snapshot, inFlight: null, view: snapshot ? 'unsaved' : 'saved', failures: 0 };
}

/** How long to wait before sending again after `failures` failed sends: 0.5 s doubling to 15 s. */
export const retryDelayMs = (failures: number): number =>
  Math.min(15_000, 500 * 2 ** Math.max(0, failures - 1));

/** Something typed is not on the server yet (the tab's close asks first). */
export const hasUnsaved = <T>(q: SaveQueue<T>): boolean => q.pending !== null || q.inFlight !== null;

export function saveLabel(q: SaveQueue<unknown>): string {
  switch (q.view) {
    case 'saved':
      return 'All changes saved';
    case 'unsaved':
      return 'Unsaved changes…';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return 'Offline: changes kept here, saving again when the network is back';
    case 'conflict':
      return 'Someone else changed this document: pick a version';
    case 'error':
      return `Not saved: ${q.problem ?? 'refused'}`;
  }
}
