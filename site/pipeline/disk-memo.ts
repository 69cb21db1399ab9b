import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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
let swept = false;

/**
 * How long a kept value outlives its last write. Values of old design revisions and of earlier code are never read
 * again; one still in use that is swept is made again once, the same bytes.
 */
const keptDays = 30;

/** The CLI bundle's identity, which bin/cli-bundle.mjs sets before it runs a command from it; else undefined. */
export const codeIdentity = (): string | undefined =>
  (globalThis as Record<symbol, unknown>)[Symbol.for('verso.cliBundle')] as string | undefined;

/** Turns the memo on for this process, for values derived by this code and this project (its digest). */
export function useDiskMemo(project: string): void {
  const code = codeIdentity();
  scope = code
    ? createHash('sha256').update(code).update('\0').update(project).digest('hex').slice(0, 32)
    : null;
  swept = false;
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
      sweepOnce();
    }
  } catch {
    // A read-only checkout: nothing kept.
  }
  return value;
}

/**
 * Removes what no build wrote for `keptDays` (and a partial file a stopped write left, after a day): once a process,
 * after a write, as the folder only grows when something is written. A listing and a `stat` a file.
 */
function sweepOnce(now = Date.now()): void {
  if (swept) return;
  swept = true;
  for (const name of readdirSync(memoDir)) {
    const path = join(memoDir, name);
    try {
      const age = now - statSync(path).mtimeMs;
      if (age > keptDays * 86_400_000 || (!name.endsWith('.json') && age > 86_400_000))
        rmSync(path, { force: true });
    } catch {
      // Removed by another build meanwhile.
    }
  }
}
