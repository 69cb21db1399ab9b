import { assertStorageKey, type MediaStorage, storedFileMissing } from './storage.ts';

/** Originals in memory: for unit tests and throwaway processes. Same contract as the disk and S3 drivers. */
export function memoryStorage(): MediaStorage & { keys(): string[] } {
  const files = new Map<string, Buffer>();
  const need = (key: string) => {
    assertStorageKey(key);
    const bytes = files.get(key);
    if (!bytes) throw storedFileMissing(key);
    return bytes;
  };
  return {
    async put(key, bytes) {
      assertStorageKey(key);
      files.set(key, Buffer.from(bytes));
    },
    get: async (key) => Buffer.from(need(key)),
    async has(key) {
      assertStorageKey(key);
      return files.has(key);
    },
    async remove(key) {
      assertStorageKey(key);
      files.delete(key);
    },
    async size(key) {
      assertStorageKey(key);
      return files.get(key)?.length ?? null;
    },
    async stream(key, range) {
      const bytes = need(key);
      const part = range ? bytes.subarray(range.start, range.end + 1) : bytes;
      return new Blob([new Uint8Array(part)]).stream();
    },
    keys: () => [...files.keys()],
  };
}
