import { copyFileSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A hard link to the previous build's file, else a copy; false when neither can be made (the file is gone). */
export function linkOrCopy(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch {
    try {
      copyFileSync(from, to);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * An incremental build's end (docs/static-export.md, "All or nothing"): the files it rendered into `tmp` replace
 * theirs in `out`, one rename each (a visitor gets the old file or the new one, never a part), the files no
 * longer built are deleted, and `tmp` goes. Every render happened before: a failure there left `out` untouched.
 */
export function updateInPlace(args: { tmp: string; out: string; fresh: string[]; gone: string[] }): void {
  const made = new Set<string>();
  for (const file of args.fresh) {
    const dest = join(args.out, file);
    const folder = dirname(dest);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    renameSync(join(args.tmp, file), dest);
  }
  for (const file of args.gone) rmSync(join(args.out, file), { force: true });
  rmSync(args.tmp, { recursive: true, force: true });
}
