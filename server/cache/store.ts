/**
 * The memory of one named cache: promises of values, so callers asking for the same key at once share one load.
 * Pure bookkeeping (no clock of its own, no settings): server/cache/index.ts decides how long entries live and whether
 * they may be kept at all.
 */

interface Entry<V> {
  /** When the entry stops answering; Infinity while a load that will not be kept is under way. */
  expires: number;
  value: Promise<V>;
  settled: boolean;
}

export class BoundedStore<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(readonly max: number) {}

  /**
   * The value under `key`, or what `load` resolves to. With `keepMs` > 0 the answer stands that long from the start
   * of its load; with 0 only callers that arrive while it loads share it. A failed load is dropped at once, and an
   * entry dropped (invalidated) while it loads is never put back: callers after the drop start a load of their own.
   */
  get(key: string, load: () => PromiseLike<V>, keepMs: number, now: number): Promise<V> {
    const hit = this.entries.get(key);
    // Keeping turned off (the setting, or a lost channel) also stops answers kept before: only a load under way is shared.
    if (hit && hit.expires > now && (keepMs > 0 || !hit.settled)) return hit.value;
    if (hit) this.entries.delete(key);
    // A query builder is a thenable that runs again on every then: keep the one real promise of its answer.
    const value = Promise.resolve().then(load);
    const entry: Entry<V> = { expires: keepMs > 0 ? now + keepMs : Number.POSITIVE_INFINITY, value, settled: false };
    while (this.entries.size >= this.max) {
      // Maps keep insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    const settle = () => {
      entry.settled = true;
      if (keepMs <= 0) forget();
    };
    value.then(settle, forget);
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
