import type { Db } from '../db/types.ts';
import type { Logger } from '../log.ts';
import { checkTarget } from './address-check.ts';
import { type ClaimedDelivery, type Outcome, recordAttempt } from './delivery-store.ts';
import { type AttemptResult, sendAttempt } from './send.ts';
import { signedHeaders } from './signing.ts';

export interface AttemptOptions {
  db: Db;
  log: Logger;
  /** `WEBHOOK_ALLOW_PRIVATE`. */
  allowPrivate: boolean;
  /** The waits before each retry (retry-schedule.ts); after the last one the delivery has failed. */
  retryDelaysMs: readonly number[];
  /** 10 s unless a test shortens it. */
  timeoutMs: number;
  /** Called after each recorded attempt in this process (tests wait on it). */
  onAttempt?: (delivery: ClaimedDelivery, outcome: Outcome, result: AttemptResult | null) => void;
}

const isSuccess = (r: AttemptResult) => r.status !== null && r.status >= 200 && r.status < 300;

function describe(r: AttemptResult): string {
  return r.status !== null ? `HTTP ${r.status}` : (r.error ?? 'no answer');
}

function formatSpan(ms: number): string {
  const min = Math.round(ms / 60_000);
  return min >= 60 ? `${Math.floor(min / 60)} h ${min % 60} min` : `${Math.round(ms / 1000)} s`;
}

/**
 * One attempt of a claimed delivery: the address is resolved and checked now (not only when the hook was
 * saved), the request goes to the checked address, signed with this attempt's timestamp, and the result and
 * outcome are recorded. Any 2xx answer delivers; anything else is retried on the schedule, then fails.
 */
export async function attemptDelivery(o: AttemptOptions, d: ClaimedDelivery): Promise<Outcome> {
  if (d.disabled) {
    const outcome: Outcome = { kind: 'skipped', reason: 'the hook is disabled' };
    await recordAttempt(o.db, d, new Date(), null, { kind: 'failed' });
    o.onAttempt?.(d, outcome, null);
    return outcome;
  }
  const startedAt = new Date();
  const t0 = performance.now();
  const check = await checkTarget(d.url, { allowPrivate: o.allowPrivate });
  const result: AttemptResult = check.ok
    ? await sendAttempt(check.target, signedHeaders(d.secret, d.id, d.body), d.body, o.timeoutMs)
    : { status: null, error: `address refused: ${check.reason}`, body: '', durationMs: 0 };
  result.durationMs = Math.round(performance.now() - t0);
  let outcome: Outcome;
  if (isSuccess(result)) outcome = { kind: 'delivered' };
  else if (d.attempts < o.retryDelaysMs.length)
    outcome = { kind: 'retry', delayMs: o.retryDelaysMs[d.attempts]! };
  else {
    const span = Date.now() - d.createdAt.getTime();
    outcome = {
      kind: 'failed',
      disable: `All ${d.attempts + 1} attempts to deliver ${d.event} ${d.id} failed over ${formatSpan(span)}, with no success of the hook meanwhile; the last answered ${describe(result)}.`,
    };
  }
  const { disabled } = await recordAttempt(o.db, d, startedAt, result, outcome);
  const line = { webhookId: d.webhookId, deliveryId: d.id, attempt: d.attempts + 1, outcome: outcome.kind };
  if (outcome.kind === 'delivered') o.log.debug(line, 'webhook delivered');
  else o.log.warn({ ...line, result: describe(result) }, 'webhook attempt failed');
  if (disabled) o.log.warn({ webhookId: d.webhookId }, 'webhook disabled: it failed for a day');
  o.onAttempt?.(d, outcome, result);
  return outcome;
}
