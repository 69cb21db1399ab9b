/**
 * Undo and redo of the editor's state: a plain past/present/future stack, pure, so the app keeps one
 * value and tests need no browser. Edits that come in a stream (dragging a colour picker, typing in a
 * field) share a `group`: consecutive edits of one group are one step, as Webflow and Figma undo them.
 */

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The group of the last recorded edit; a new edit of the same group replaces the present. */
  group: string | null;
}

/** How many steps are kept; older ones fall off. */
export const HISTORY_LIMIT = 200;

export function historyOf<T>(present: T): History<T> {
  return { past: [], present, future: [], group: null };
}

/** Records `next` as the new present; the redo branch is dropped. Same value: nothing changes. */
export function record<T>(h: History<T>, next: T, group: string | null = null): History<T> {
  if (Object.is(next, h.present)) return h;
  if (group !== null && group === h.group) return { ...h, present: next, future: [] };
  const past = [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], group };
}

/**
 * Records a new value of one key of a keyed present (the studio's working copies by design). The first edit
 * of a key writes down `shown`, what the key showed before it, into the step it leaves: undoing that edit
 * returns to it, not to whatever a draft saved meanwhile made of the key (the draft is the edit itself).
 */
export function recordKey<V>(
  h: History<Record<string, V>>,
  key: string,
  value: V,
  shown: V,
  group: string | null = null,
): History<Record<string, V>> {
  const from = key in h.present ? h : { ...h, present: { ...h.present, [key]: shown } };
  return record(from, { ...from.present, [key]: value }, group);
}

/** Ends the current group: the next edit is a step of its own even if it has the same group. */
export function seal<T>(h: History<T>): History<T> {
  return h.group === null ? h : { ...h, group: null };
}

export const canUndo = <T>(h: History<T>) => h.past.length > 0;
export const canRedo = <T>(h: History<T>) => h.future.length > 0;

export function undo<T>(h: History<T>): History<T> {
  if (!canUndo(h)) return h;
  const previous = h.past[h.past.length - 1] as T;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future], group: null };
}

export function redo<T>(h: History<T>): History<T> {
  if (!canRedo(h)) return h;
  const [next, ...rest] = h.future as [T, ...T[]];
  return { past: [...h.past, h.present], present: next, future: rest, group: null };
}
