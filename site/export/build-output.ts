import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { readdir, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

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
 * Every path under `out`, relative to it (folders too): an incremental build asks whether each kept file is still
 * there, and one listing of a few folders costs less than a `stat` per file (4,000 of them for 4,000 pages). Listed
 * by libuv's threads, the folders at once, while the build waits for the database (build-site.ts): synchronously,
 * the 4,000-entry folder's listing held the build's thread 14-21 ms on a loaded machine.
 */
export async function filesIn(out: string): Promise<Set<string>> {
  // Walked with the entries' types as the folder listing gives them: Node 20's `recursive: true` asks for each
  // entry's type again (a stat per file: 20-38 ms for 4,000 pages, against 6-9 ms this way).
  const found = new Set<string>();
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const folders: Array<Promise<void>> = [];
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = prefix + entry.name;
      found.add(path);
      if (entry.isDirectory()) folders.push(walk(join(dir, entry.name), `${path}/`));
    }
    await Promise.all(folders);
  };
  try {
    await walk(out, '');
  } catch {
    return new Set();
  }
  return found;
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

/**
 * A full build's end: the new folder takes `out`'s name, and the previous one is deleted by a process of its own
 * that outlives the command (docs/static-export.md, "All or nothing"). Deleting 4,000 files took 2–4 s of a
 * 4,000-page build's 6–10 s on this machine, after the new folder was already in place; nothing waits for it.
 * Where no process can be started, it is deleted here.
 */
export async function swapIn(tmp: string, out: string, random: string): Promise<void> {
  const aside = join(dirname(out), `.${basename(out)}.old-${random}`);
  const hadOld = existsSync(out);
  if (hadOld) await rename(out, aside);
  await rename(tmp, out);
  if (!hadOld) return;
  const removeNow = () => rmSync(aside, { recursive: true, force: true });
  try {
    const child = spawn(
      process.execPath,
      ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', aside],
      { detached: true, stdio: 'ignore' },
    );
    child.on('error', removeNow);
    child.unref();
  } catch {
    removeNow();
  }
}

/** Makes the folder of each file written (synchronously), once: thousands of pages share a few folders. */
export function folderMaker(): (dest: string) => void {
  const made = new Set<string>();
  return (dest) => {
    const folder = dirname(dest);
    if (made.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  };
}
