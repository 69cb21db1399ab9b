import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent so far, in µs, from the kernel's scheduler statistics (`/proc/<pid>/task/<tid>/schedstat`, whose
 * first number is the nanoseconds a thread has run). `/proc/<pid>/stat` counts in clock ticks of 10 ms, too coarse
 * for a batch of 20 requests of 2 ms. Linux only: elsewhere, and for a process gone meanwhile, 0.
 */
export function processMicros(pid: number): number {
  let ns = 0;
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const tid of tasks) ns += schedstatNanos(readOr(`/proc/${pid}/task/${tid}/schedstat`));
  return ns / 1000;
}

/** The CPU time of each process named `postgres` (the server, its backends and helpers), in µs, by pid. */
export function postgresMicros(): Map<number, number> {
  const byPid = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return byPid;
  }
  for (const pid of pids)
    if (readOr(`/proc/${pid}/comm`).trim() === 'postgres') byPid.set(Number(pid), processMicros(Number(pid)));
  return byPid;
}

/**
 * PostgreSQL's CPU between two readings: each process's growth, a new one's whole time. A backend that ended
 * meanwhile (another client's) is left out, not subtracted: a plain difference of sums went negative when
 * other test files' connections closed during the batch.
 */
export function postgresSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, micros] of after) spent += Math.max(0, micros - (before.get(pid) ?? 0));
  return spent;
}

/** This process's own CPU time (user and system), in µs. */
export function ownMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** The first number of a `schedstat` line (ns on CPU); 0 when there is none. */
export function schedstatNanos(text: string): number {
  const first = Number(text.split(' ', 1)[0]);
  return Number.isFinite(first) ? first : 0;
}

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** CPU per request of the three parties of one read, in µs. */
export interface CpuSplit {
  server: number;
  postgres: number;
  client: number;
}

/**
 * Adds up the CPU of a series of batches of requests: `measure` brackets one batch (the server's, PostgreSQL's and
 * this client's time before and after), `perRequest` divides by the requests counted. The client's own bracket is
 * the innermost, so that reading `/proc` is not counted as the client's work.
 */
export function cpuTally(serverPid: number | undefined): {
  measure<T>(requests: number, batch: () => Promise<T>): Promise<T>;
  perRequest(): CpuSplit | undefined;
} {
  let server = 0;
  let postgres = 0;
  let client = 0;
  let requests = 0;
  return {
    async measure(count, batch) {
      if (serverPid === undefined) return batch();
      const s0 = processMicros(serverPid);
      const p0 = postgresMicros();
      const c0 = ownMicros();
      const result = await batch();
      client += ownMicros() - c0;
      postgres += postgresSpent(p0, postgresMicros());
      server += processMicros(serverPid) - s0;
      requests += count;
      return result;
    },
    perRequest: () =>
      requests === 0 || server === 0
        ? undefined
        : { server: server / requests, postgres: postgres / requests, client: client / requests },
  };
}
