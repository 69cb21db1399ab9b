/**
 * Which keys the shared layer may hold an entry for, known in this process without asking Redis: an uncached read
 * of a key no process has written (the usual miss) skips the `GET` of its shared entry, an awaited round trip
 * before the computation (issue 42, point 4).
 *
 * The set is complete only from the moment this process listens to the notes of written keys and has listed the
 * keys already in Redis (`SCAN`, after subscribing, so that a key is in the listing or in a note after it); until
 * then, and from the moment its subscription is lost, every key "may be held". A key left out (a note lost, the
 * bound passed) only means that this process computes it itself: computing from the database is never stale,
 * only a shared entry can be, and every entry read is still checked against the purges of its tags.
 */
export class WrittenKeys {
  /** Keys written, oldest first; past `maxKeys` the oldest are forgotten. */
  readonly #keys = new Set<string>();
  #complete = false;
  /** Which listing is under way: one started before a loss must not complete the set after it. */
  #listing = 0;

  constructor(private readonly maxKeys: number) {}

  /** Whether the shared layer may hold an entry for `key` (false: no process wrote it since it listens). */
  mayHold(key: string): boolean {
    return !this.#complete || this.#keys.has(key);
  }

  add(key: string): void {
    this.#keys.delete(key);
    this.#keys.add(key);
    if (this.#keys.size > this.maxKeys) {
      const oldest = this.#keys.values().next().value;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
  }

  /** Notes may go unheard from now on: every key may be held until a new listing completes. */
  lost(): void {
    this.#complete = false;
    this.#listing++;
  }

  /**
   * Listening again: `list` yields the keys the shared layer holds (started after the subscription is back). The
   * set is complete once it has yielded them all, unless the subscription was lost meanwhile; if it fails, every
   * key stays "may be held".
   */
  async listen(list: () => AsyncIterable<string[]>): Promise<void> {
    this.lost();
    const listing = this.#listing;
    try {
      for await (const keys of list()) {
        if (listing !== this.#listing) return;
        for (const key of keys) this.add(key);
      }
    } catch {
      return;
    }
    if (listing === this.#listing) this.#complete = true;
  }

  get complete(): boolean {
    return this.#complete;
  }
}
