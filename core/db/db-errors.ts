import { AppError } from '../errors/app-error.ts';

const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
// SQLSTATE: class 08 (connection exception), a server shutting down or starting, too many connections.
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
// SQLSTATE: a character PostgreSQL text cannot hold (a NUL byte), or that the encoding cannot express.
const badCharacterStates = new Set(['22021', '22P05']);
const droppedConnection =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i;

const codeOf = (err: unknown) => String((err as { code?: unknown } | null)?.code ?? '');

/** Whether the database could not be reached or dropped the connection: a dependency down, not a bug. */
export function isUnavailable(err: unknown): boolean {
  const code = codeOf(err);
  if (socketCodes.has(code) || unavailableStates.has(code) || code.startsWith('08')) return true;
  return err instanceof Error && droppedConnection.test(err.message);
}

/**
 * What a failed statement means to the caller: the database down is 503 `database.unavailable` (the answer
 * says so, without internals); a value PostgreSQL cannot hold, such as a NUL byte in a search, is the
 * request's fault (400). Anything else stays as it is (a bug: 500, logged).
 */
export function translateDbError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (isUnavailable(err)) return new AppError('database.unavailable', { cause: err });
  if (badCharacterStates.has(codeOf(err))) {
    return new AppError('request.malformed', {
      message: 'The request holds a character that cannot be stored or searched (such as a NUL byte).',
      cause: err,
    });
  }
  return err;
}

/** A read may be sent again on a fresh connection when the first one was dropped. */
export const isRead = (sql: string) => /^\s*(?:select|with)\b/i.test(sql);
