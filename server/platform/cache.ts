/**
 * A small in-process cache with expiry and a size cap. Concurrent loads of one key share one promise, so a
 * burst of requests costs one platform call; failed loads are not cached.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number; storedAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The cached value, or a new load; `maxAgeMs` refuses a cached value stored longer ago than that, `notBefore` one
   * whose load started before that time (a load started after it, even still running, is shared).
   */
  async get(key: string, load: () => Promise<T>, { maxAgeMs, notBefore }: { maxAgeMs?: number; notBefore?: number } = {}): Promise<T> {
    const hit = this.entries.get(key);
    const now = this.now();
    const fresh =
      (maxAgeMs === undefined || now - (hit?.storedAt ?? 0) <= maxAgeMs) && (notBefore === undefined || (hit?.storedAt ?? 0) >= notBefore);
    if (hit && hit.expires > now && fresh) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.set(key, value);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  deleteWhere(predicate: (key: string) => boolean) {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  private set(key: string, value: Promise<T>) {
    if (this.entries.size >= this.maxEntries) {
      // Drop the oldest insertion (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const now = this.now();
    this.entries.set(key, { value, expires: now + this.ttlMs, storedAt: now });
  }
}
