import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { writeWhole } from '../../core/write-whole.ts';

/**
 * Values derived from stored content alone, kept on disk between the processes of `verso build-site`
 * (docs/static-export.md, "Start-up"): an incremental build after one publish validated every stored design
 * with zod again (0.1 s of CPU) and compiled the site stylesheet again (0.05–0.08 s), although neither had
 * changed since the last build. A value is kept under a key made of its inputs' digests and of the code that
 * derives it: the CLI bundle's identity (bin/cli-bundle.mjs; a changed source makes a new bundle) and the site
 * project's compiled code (its components' schemas). Off unless a command turns it on with both known (through
 * tsx there is no bundle identity: nothing is kept), and off where the folder cannot be written.
 */

const memoDir = fileURLToPath(new URL('../../.verso/cache/derived/', import.meta.url));

let scope: string | null = null;

/** The CLI bundle's identity, which bin/cli-bundle.mjs sets before it runs a command from it; else undefined. */
export const codeIdentity = (): string | undefined =>
  (globalThis as Record<symbol, unknown>)[Symbol.for('verso.cliBundle')] as string | undefined;

/** Turns the memo on for this process, for values derived by this code and this project (its digest). */
export function useDiskMemo(project: string): void {
  const code = codeIdentity();
  scope = code
    ? createHash('sha256').update(code).update('\0').update(project).digest('hex').slice(0, 32)
    : null;
}

/** Off again (tests). */
export function stopDiskMemo(): void {
  scope = null;
}

const fileOf = (kind: string, key: string) =>
  join(memoDir, `${kind}-${createHash('sha256').update(scope!).update('\0').update(key).digest('hex')}.json`);

/**
 * `make()`'s value for `key`, read from disk when kept, else made and kept (when `keepIf` says so). Only a value that JSON gives back
 * as it was is kept (a value with `undefined`, a Map, a Date is made every time): a kept value must be the
 * same as a made one, or the export's bytes would differ from the live site's.
 */
export async function diskMemo<T>(
  kind: string,
  key: string,
  make: () => T | Promise<T>,
  keepIf: (value: T) => boolean = () => true,
): Promise<T> {
  if (scope === null) return make();
  const file = fileOf(kind, key);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    // Not kept yet: made below.
  }
  const value = await make();
  try {
    const text = JSON.stringify(value);
    if (keepIf(value) && text !== undefined && isDeepStrictEqual(JSON.parse(text), value)) {
      writeWhole(file, text);
    }
  } catch {
    // A read-only checkout: nothing kept.
  }
  return value;
}
