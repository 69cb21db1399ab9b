/** An inclusive byte range, as in `Content-Range: bytes <start>-<end>/<size>`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where original asset bytes live. Keys are content hashes (sha256 hex), so writing the same bytes twice is
 * harmless and nothing is ever overwritten with different bytes.
 */
export interface MediaStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * The whole file in memory: for imports, exports and image work, never for answering a request. An absent key
   * rejects with `storedFileMissing` (as `stream` does), whichever driver.
   */
  get(key: string): Promise<Buffer>;
  has(key: string): Promise<boolean>;
  /**
   * Removes the file; an absent key is not an error. Only for files nothing refers to (a refused import's, or
   * a deleted asset's that no other asset shares).
   */
  remove(key: string): Promise<void>;
  /** Size in bytes, or null when the key is absent. */
  size(key: string): Promise<number | null>;
  /** The bytes, or an inclusive range of them, as a stream: videos are sent without buffering them. */
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
}

/** Keys are content hashes or slash-separated parts of them; anything else could escape a folder or bucket prefix. */
export function assertStorageKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`bad storage key ${key}`);
  }
}

/**
 * The error every driver rejects with for a key it does not hold (`code` as Node's own for an absent file). A
 * record whose original is gone (a restore without the media folder, a bucket emptied by hand) is then answered
 * 404 `media.notFound`, as an absent original is, not 500.
 */
export const storedFileMissing = (key: string): Error =>
  Object.assign(new Error(`no stored file ${key}`), { code: 'ENOENT' });

export const isStoredFileMissing = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === 'ENOENT';
