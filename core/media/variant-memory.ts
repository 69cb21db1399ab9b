/**
 * Hot variant bytes kept in memory, bounded by their total size (least recently used out first), so a
 * repeated variant request answers without `stat`, `open`, `read` and `close` (which were most of its cost).
 * Entries are keyed by the variant key, which names the exact bytes (the original's hash, the framing, the
 * renderer version): an entry can never be stale. Each entry remembers the asset it was served for, so that
 * when the asset's original or framing changes, the bytes of its old key are dropped at once instead of
 * waiting for eviction.
 */
export class VariantMemory<T extends { bytes: Uint8Array }> {
  readonly #entries = new Map<string, { value: T; assetId: string | undefined }>();
  /** Per asset with kept entries: what its variants are made from (original and framing) and how many. */
  readonly #assets = new Map<string, { identity: string; count: number }>();
  #bytes = 0;

  constructor(
    readonly limits: {
      /** Total bytes kept. */
      maxBytes: number;
      /** Larger files are not kept (they are streamed from disk). */
      maxFileBytes: number;
    },
  ) {}

  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: eviction takes the first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps `value` under `key` when it is small enough. `asset` names the asset it serves and what its
   * variants are made from now (original and framing); another identity for the same asset drops the entries
   * kept for it before.
   */
  set(key: string, value: T, asset?: { id: string; identity: string }): void {
    this.delete(key);
    if (asset) this.#dropOtherIdentity(asset.id, asset.identity);
    const size = value.bytes.byteLength;
    if (size > this.limits.maxFileBytes || size > this.limits.maxBytes) return;
    this.#entries.set(key, { value, assetId: asset?.id });
    this.#bytes += size;
    if (asset) {
      const known = this.#assets.get(asset.id);
      if (known) known.count++;
      else this.#assets.set(asset.id, { identity: asset.identity, count: 1 });
    }
    while (this.#bytes > this.limits.maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  #dropOtherIdentity(id: string, identity: string): void {
    const known = this.#assets.get(id);
    if (!known || known.identity === identity) return;
    for (const [key, entry] of this.#entries) if (entry.assetId === id) this.delete(key);
    this.#assets.delete(id);
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.value.bytes.byteLength;
    if (entry.assetId === undefined) return;
    const asset = this.#assets.get(entry.assetId);
    if (asset && --asset.count <= 0) this.#assets.delete(entry.assetId);
  }

  get size(): number {
    return this.#entries.size;
  }

  get totalBytes(): number {
    return this.#bytes;
  }
}
