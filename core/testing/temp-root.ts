import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest's global setup: one temporary directory for the whole run, named in `TMPDIR`, so that every data
 * directory, export, Varnish work directory and browser profile the tests and the processes they start make
 * (each through `os.tmpdir()`) goes in it, and all of it is removed at the end. A run used to leave a hundred
 * `verso-*` directories behind, 270 MB in all.
 */
export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'verso-run-'));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
