import { type ErrorKind, errorEntry, errorKinds } from './catalogue.ts';

/** One detail of an error body (operations.md): `params` always present, `{}` when the key needs none. */
export interface ErrorDetail {
  key: string;
  params: Record<string, unknown>;
  path?: string;
}

export interface ErrorBody {
  error: {
    key: string;
    kind: ErrorKind;
    status: number;
    message: string;
    details: ErrorDetail[];
  };
}

/** The one error class: it carries a catalogue key; everything else is masked as `internal.error`. */
export class AppError extends Error {
  readonly key: string;
  readonly details: ErrorDetail[];

  constructor(key: string, options: { message?: string; details?: ErrorDetail[]; cause?: unknown } = {}) {
    super(options.message ?? errorEntry(key)?.message ?? key, { cause: options.cause });
    this.name = 'AppError';
    this.key = key;
    // The type requires `params`; a detail made past it (a cast, JSON, a plugin in JavaScript) still answers `{}`.
    this.details = (options.details ?? []).map((d) =>
      d.params && typeof d.params === 'object' ? d : { ...d, params: {} },
    );
  }

  get kind(): ErrorKind {
    return errorEntry(this.key)?.kind ?? 'internal';
  }

  get status(): number {
    return errorKinds[this.kind];
  }
}

/**
 * The app error a thrown value is or wraps: a cache or a library that runs our code may rethrow what it threw
 * as the `cause` of an error of its own (bentocache's factory errors do), and the answer must still say what
 * went wrong.
 */
export function appErrorIn(err: unknown): AppError | undefined {
  let current = err;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof AppError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The public body of any thrown value: app errors keep their key, anything else becomes `internal.error`. */
export function toErrorBody(err: unknown): ErrorBody {
  const found = appErrorIn(err);
  const app = found && errorEntry(found.key) ? found : new AppError('internal.error');
  return {
    error: { key: app.key, kind: app.kind, status: app.status, message: app.message, details: app.details },
  };
}
