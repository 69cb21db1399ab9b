import type { AttemptOptions } from './attempt.ts';
import { attemptDelivery } from './attempt.ts';
import { claimDue, msUntilNextDue } from './delivery-store.ts';
import { deliveriesChannel } from './events.ts';

export interface DeliveryRunner {
  stop(): Promise<void>;
}

/**
 * Without Redis: the database is the queue. Due deliveries are claimed (`for update skip locked`) when a new
 * one is announced (`pg_notify` at its commit, so a new event leaves at once), when an attempt ends, when the
 * next retry this process knows of comes due, and every `pollMs` (retries written by other processes); at most
 * `concurrency` attempts run at a time.
 */
export async function startPolledDelivery(
  o: AttemptOptions & { pollMs: number; concurrency: number },
): Promise<DeliveryRunner> {
  const inflight = new Set<Promise<unknown>>();
  let stopped = false;
  let pumping = false;
  let again = false;
  let nextDue: NodeJS.Timeout | undefined;
  const pump = async (): Promise<void> => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        const room = o.concurrency - inflight.size;
        if (room <= 0 || stopped) break;
        const batch = await claimDue(o.db, room);
        for (const d of batch) {
          const p: Promise<unknown> = attemptDelivery(o, d)
            .catch((err: unknown) =>
              o.log.error({ err, deliveryId: d.id }, 'webhook attempt could not be recorded'),
            )
            .finally(() => {
              inflight.delete(p);
              void pump();
            });
          inflight.add(p);
        }
        if (batch.length === room) again = true;
      } while (again && !stopped);
      // With every slot taken, the attempt that ends first pumps again; no timer (it would spin on overdue rows).
      const wait = stopped || inflight.size >= o.concurrency ? null : await msUntilNextDue(o.db);
      clearTimeout(nextDue);
      if (wait !== null && wait < o.pollMs) {
        nextDue = setTimeout(() => void pump(), Math.max(wait, 5));
        nextDue.unref();
      }
    } catch (err) {
      o.log.error({ err }, 'webhook deliveries could not be claimed');
    } finally {
      pumping = false;
    }
  };
  const unlisten = await o.db.listen(deliveriesChannel, () => void pump());
  const timer = setInterval(() => void pump(), o.pollMs);
  timer.unref();
  void pump();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(nextDue);
      await unlisten();
      await Promise.all(inflight);
    },
  };
}
