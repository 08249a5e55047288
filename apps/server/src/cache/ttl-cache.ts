/** A cached value and when it was read from the database. */
type Entry<V> = { value: V; cachedAt: number };

export type TtlCacheOptions = {
  /** How long a value read from the database is trusted (ms). Bounds staleness if an eviction is missed. */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  now: () => number;
};

/**
 * A bounded in-process cache of database reads for hot paths. Writers evict through the change
 * feed (db/change-feed.ts); the TTL only bounds what a missed eviction can leave behind.
 */
export function createTtlCache<V>(opts: TtlCacheOptions) {
  const entries = new Map<string, Entry<V>>();
  // Bumped by every eviction. A value read before an eviction may predate the write that
  // caused it, so `set` drops values whose read started at an older version.
  let version = 0;

  return {
    /** A fresh cached value, if any. */
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (opts.now() - entry.cachedAt >= opts.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },

    /** The version to pass to `set` for a read that starts now. */
    get version(): number {
      return version;
    },

    /** Remember a value read from the database, unless an eviction happened since `readVersion`. */
    set(key: string, value: V, readVersion = version): void {
      if (readVersion !== version) return;
      entries.delete(key);
      if (entries.size >= opts.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, cachedAt: opts.now() });
    },

    /** Forget one key. */
    delete(key: string): void {
      version++;
      entries.delete(key);
    },

    /** Forget every value the predicate matches. */
    evictWhere(match: (value: V) => boolean): void {
      version++;
      for (const [key, entry] of entries) if (match(entry.value)) entries.delete(key);
    },

    /** Forget everything: the eviction feed was interrupted, so nothing cached can be trusted. */
    clear(): void {
      version++;
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
