import { deepFreeze } from '../../core/db/json-memo.ts';

/**
 * Published fields by the row version that holds them, so that a list need not send them again: PostgreSQL took
 * 0.3-0.5 ms of a 25-document list's 0.7-0.9 ms writing the versions' jsonb out as text, and the process then
 * decoded and looked up the same text on every request (issue 14). A version is named by its document, locale,
 * and tuple (`xmin`, the writing transaction, and `ctid`, its place): any update writes a new tuple, and a
 * transaction that updates a row twice writes two places, so the same name never holds other fields than
 * those a reader saw under it. Values are deep-frozen: every reader of a version shares one.
 */
let maxKept = 20_000;

/**
 * How many versions' fields the process keeps (20,000 by default, for a server's repeated lists). A one-shot
 * command that reads each version once (the static export) keeps a few: more would only hold memory.
 */
export function keepFieldsOf(versions: number): void {
  maxKept = Math.max(1, versions);
}

export const versionKey = (id: string, locale: string, version: string) => `${id}|${locale}|${version}`;

export interface FieldsByVersion {
  get(key: string): Readonly<Record<string, unknown>> | undefined;
  /** Keeps the fields of a version (deep-frozen) and gives them back. */
  keep(key: string, fields: Record<string, unknown>): Readonly<Record<string, unknown>>;
}

/** Per database handle: tuples are named within one database, and a process (a test) may open several. */
const memos = new WeakMap<object, FieldsByVersion>();

export function fieldsByVersion(db: object): FieldsByVersion {
  let memo = memos.get(db);
  if (!memo) {
    const kept = new Map<string, Readonly<Record<string, unknown>>>();
    memo = {
      get: (key) => kept.get(key),
      keep(key, fields) {
        while (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
        const frozen = deepFreeze(fields) as Readonly<Record<string, unknown>>;
        kept.set(key, frozen);
        return frozen;
      },
    };
    memos.set(db, memo);
  }
  return memo;
}
