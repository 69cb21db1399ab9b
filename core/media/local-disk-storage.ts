import { createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { assertStorageKey, type MediaStorage } from './storage.ts';

/** Originals on local disk under `<dataDir>/media/originals`, written atomically (temp file, then rename). */
export function localDiskStorage(dataDir: string): MediaStorage {
  const root = join(dataDir, 'media', 'originals');
  const pathOf = (key: string) => {
    assertStorageKey(key);
    // Two-character fan-out keeps folders small with many thousands of files.
    return join(root, key.slice(0, 2), key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    },
    get: (key) => readFile(pathOf(key)),
    async has(key) {
      return access(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
    remove: (key) => rm(pathOf(key), { force: true }),
    async size(key) {
      return stat(pathOf(key)).then(
        (s) => s.size,
        () => null,
      );
    },
    async stream(key, range) {
      const path = pathOf(key);
      await access(path);
      const file = createReadStream(path, range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(file) as ReadableStream<Uint8Array>;
    },
  };
}
