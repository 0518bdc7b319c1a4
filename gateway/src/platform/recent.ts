/**
 * Values read lately, by key, answered for `keepMs` without reading again, one read at a time per
 * key; `forget` drops one at once (its owner changed it). For facts a burst of reads asks again and
 * again (a page load's calls, a client's retries), where a few seconds' lag behind a change made
 * elsewhere is acceptable and a change made through this node is seen at once.
 */
export class RecentReads<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; until: number }>();

  constructor(
    private readonly keepMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(key: K, read: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.until > now) return kept.value;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const value = read();
    const entry = { value, until: now + this.keepMs };
    this.entries.set(key, entry);
    // A failed read is not kept.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  forget(key: K) {
    this.entries.delete(key);
  }
}
