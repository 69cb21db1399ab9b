import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { freePort, type Running, startVerso } from '../core/testing/processes.ts';
import { pin, root } from './settings.ts';

/** The processes a bench run starts: bench/ scripts and `verso serve`, pinned to CPU 0. */

export interface Child {
  port: number;
  /** The first JSON line the child printed (its port, or a one-shot answer). */
  answer: unknown;
  lines: Interface;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** A TypeScript file of bench/ as a child process on CPU 0; resolves with the port it prints. */
export async function child(file: string, argv: string[], env: Record<string, string>): Promise<Child> {
  const proc = spawn(process.execPath, [join(root, 'bin/run-ts.mjs'), join(root, file), ...argv], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  pin(proc.pid!, 0);
  const lines = createInterface({ input: proc.stdout! });
  // Answers are the JSON lines starting with `{` or `[` that the child prints; anything else (its logs) is shown.
  const answers: string[] = [];
  let waiting: ((line: string) => void) | undefined;
  lines.on('line', (line) => {
    if (!/^[[{]/.test(line) || line.startsWith('{"level"'))
      return void process.stderr.write(`${file}: ${line}\n`);
    if (waiting) waiting(line);
    else answers.push(line);
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const queued = answers.shift();
      if (queued !== undefined) return resolve(queued);
      const onExit = (code: number | null) => reject(new Error(`${file} exited with ${code}`));
      proc.once('exit', onExit);
      waiting = (line) => {
        waiting = undefined;
        proc.off('exit', onExit);
        resolve(line);
      };
    });
  const first = JSON.parse(await next()) as { port: number };
  return {
    port: first.port,
    answer: first,
    lines,
    proc,
    stop: () =>
      new Promise<void>((done) => {
        if (proc.exitCode !== null) return done();
        proc.once('exit', () => done());
        proc.kill('SIGTERM');
      }),
  };
}

/** `verso serve` in one mode, as an operator starts it, pinned to CPU 0. */
export async function serve(
  env: Record<string, string>,
  mode: string,
): Promise<{ url: string; running: Running }> {
  const port = await freePort();
  const running = await startVerso(
    ['serve'],
    { ...env, SERVER_MODE: mode, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    /"msg":"ready in /,
  );
  pin(running.child.pid!, 0);
  return { url: `http://127.0.0.1:${port}`, running };
}
