import { dueActions, msUntilNextAction } from './due-actions.ts';
import { type RunDeps, runScheduledAction } from './run-scheduled.ts';
import { scheduledChannel } from './schedule-action.ts';

export interface ScheduleRunner {
  stop(): Promise<void>;
}

const batch = 20;

/**
 * Without Redis: the database is the timer. A process looks for due actions at start (what came due while
 * every process was down runs at once), when an action is scheduled (`pg_notify` at its commit), at the next
 * pending time it read, and every `pollMs` (a notification lost with a dropped connection). Due actions run
 * one after another; a run claims its row in its own transaction, so processes looking at once run each once.
 */
export async function startPolledSchedule(deps: RunDeps & { pollMs: number }): Promise<ScheduleRunner> {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let nextDue: NodeJS.Timeout | undefined;

  const lookOnce = async () => {
    // A row the database refused this time (thrown) is left for the next look, not retried in a loop.
    let full: boolean;
    do {
      const ids = await dueActions(deps.db, batch);
      let thrown = false;
      for (const id of ids) {
        if (stopped) return;
        await runScheduledAction(deps, id).catch((err: unknown) => {
          thrown = true;
          deps.log.error({ err, scheduledId: id }, 'scheduled action could not be run');
        });
      }
      full = ids.length === batch && !thrown;
    } while (full && !stopped);
    if (stopped) return;
    const wait = await msUntilNextAction(deps.db);
    clearTimeout(nextDue);
    if (wait !== null && wait < deps.pollMs) {
      nextDue = setTimeout(() => void look(), Math.max(wait, 5));
      nextDue.unref();
    }
  };
  // One look at a time per process; a wake-up during a look runs one more (its row may have come after the read).
  const look = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await lookOnce().catch((err: unknown) =>
          deps.log.error({ err }, 'scheduled actions could not be read'),
        );
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const unlisten = await deps.db.listen(scheduledChannel, () => void look());
  const timer = setInterval(() => void look(), deps.pollMs);
  timer.unref();
  void look();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(nextDue);
      await unlisten();
      await running;
    },
  };
}
