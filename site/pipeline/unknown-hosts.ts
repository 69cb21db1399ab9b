import type { Logger } from '../../core/log.ts';

const ONCE_PER_MS = 60 * 60 * 1000;
const REMEMBERED = 1000;
const seenBy = new WeakMap<Logger, Map<string, number>>();

/**
 * Says in the log which host got the neutral 404, so an operator whose domain answers "Not found" can see
 * what the process was asked for (no `website_domains` row, a proxy that rewrites `Host`). Once an hour per
 * host and process, with at most 1,000 hosts remembered: a scanner sending random hosts cannot flood the log.
 */
export function noteUnknownHost(log: Logger, host: string, now = Date.now()): void {
  let seen = seenBy.get(log);
  if (!seen) {
    seen = new Map();
    seenBy.set(log, seen);
  }
  const last = seen.get(host);
  if (last !== undefined && now - last < ONCE_PER_MS) return;
  if (last === undefined && seen.size >= REMEMBERED) {
    for (const [h, at] of seen) if (now - at >= ONCE_PER_MS) seen.delete(h);
    if (seen.size >= REMEMBERED) return;
  }
  seen.set(host, now);
  log.info({ host }, 'unknown host: answered the neutral 404 (no website_domains row names it)');
}
