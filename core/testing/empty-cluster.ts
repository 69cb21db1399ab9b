import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { writeWhole } from '../write-whole.ts';

// Its package exports no package.json: read beside the entry point it resolves to (dist/).
export const { version: pgliteVersion } = JSON.parse(
  readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json'),
    'utf8',
  ),
) as { version: string };

let cluster: Promise<Blob> | undefined;

/**
 * A new, empty PGlite cluster as `dumpDataDir` writes it, made once per test run and read by every in-memory
 * test database after: a new PGlite runs `initdb` (about 2 of its 3 s here), a dumped one loads in about 1 s.
 * It is kept under the run's temporary directory (core/testing/temp-root.ts), named by PGlite's version, and
 * written whole or not at all (core/write-whole.ts), so that a test file started meanwhile never reads half of it.
 */
export function emptyCluster(): Promise<Blob> {
  cluster ??= made().catch((err: unknown) => {
    cluster = undefined;
    throw err;
  });
  return cluster;
}

async function made(): Promise<Blob> {
  const file = join(tmpdir(), `pglite-${pgliteVersion}-empty.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const lite = await PGlite.create();
  const dump = await lite.dumpDataDir('none');
  await lite.close();
  writeWhole(file, Buffer.from(await dump.arrayBuffer()));
  return dump;
}
