import type { Logger } from '../../core/log.ts';
import type { DesignRef } from '../../styles/class-names.ts';

/** Warned (space, design, node) keys per logger: one logger per process, so once per process. */
const warned = new WeakMap<Logger, Set<string>>();
const MAX = 10_000;

/**
 * The render's `warn`: a design error (a binding to a field that no longer exists, a variant
 * that is gone) is logged once per space, design and node for the life of the process, not on
 * every render of every page.
 */
export function designWarnings(log: Logger, spaceId: string) {
  let seen = warned.get(log);
  if (!seen) {
    seen = new Set();
    warned.set(log, seen);
  }
  const keys = seen;
  return (ref: DesignRef, nodeId: string, message: string) => {
    const design = `${ref.kind}/${ref.key}${ref.variant ? `/${ref.variant}` : ''}`;
    const key = `${spaceId}|${design}|${nodeId}`;
    if (keys.has(key)) return;
    if (keys.size >= MAX) keys.clear();
    keys.add(key);
    log.warn({ spaceId, design, nodeId }, `design error: ${message}`);
  };
}
