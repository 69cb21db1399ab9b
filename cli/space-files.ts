import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Db } from '../core/db/types.ts';
import { AppError } from '../core/errors/app-error.ts';
import type { MediaStorage } from '../core/media/storage.ts';
import type { Plugin } from '../core/plugins.ts';
import { importSpace } from '../core/space-format/import.ts';
import { parseSpaceFile } from '../core/space-format/validate.ts';

/** Reads, validates and imports a space file from disk (asset `file` paths are relative to it). */
export async function importSpaceFile(
  db: Db,
  path: string,
  options: {
    replace?: boolean;
    storage: MediaStorage;
    plugins: Plugin[];
    onProgress?: (stage: string, count: number) => void;
  },
): Promise<{ spaceId: string; name: string }> {
  const absolute = resolve(path);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(absolute, 'utf8'));
  } catch (err) {
    throw new AppError('import.invalid', {
      message: `(root): cannot read ${path} as JSON (${(err as Error).message})`,
    });
  }
  const file = parseSpaceFile(raw, options.plugins);
  options.onProgress?.('validated', 1);
  const { spaceId } = await importSpace(db, file, { ...options, baseDir: dirname(absolute) });
  return { spaceId, name: file.core.space.name };
}
