import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../log.ts';

export interface CapturedLog {
  log: Logger;
  /** Every JSON line written so far, parsed. */
  lines(): Array<Record<string, unknown> & { level: number; msg: string }>;
  /** The raw text written so far (to prove a secret never appears). */
  text(): string;
  warnings(): Array<Record<string, unknown> & { msg: string }>;
}

/** A real pino logger writing into memory, so tests can read what a component logged. */
export function captureLog(level = 'info'): CapturedLog {
  let text = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  const log = createLogger(level, sink);
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown> & { level: number; msg: string });
  return { log, lines, text: () => text, warnings: () => lines().filter((l) => l.level === 40) };
}
