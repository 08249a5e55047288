import type { SessionRow } from './session.repository';

/** A resolved session row and when it was read from the database. */
type Entry = { row: SessionRow; cachedAt: number };

export type SessionCacheOptions = {
  /** How long a row read from the database is trusted (ms). Bounds staleness if an eviction is missed. */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  now: () => number;
};

/**
 * Session rows by token hash, so the authenticated hot path need not read member_sessions on
 * every request. Revocations evict by session or member at once on this instance; other
 * instances evict on the database notification (session.service), and the TTL bounds the rest.
 */
export function createSessionCache(opts: SessionCacheOptions) {
  const entries = new Map<string, Entry>();

  function evictWhere(match: (row: SessionRow) => boolean): void {
    for (const [key, entry] of entries) if (match(entry.row)) entries.delete(key);
  }

  return {
    /** A fresh cached row for the token hash, if any. */
    get(tokenHash: string): SessionRow | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (opts.now() - entry.cachedAt >= opts.ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.row;
    },

    /** Remember a row just read from the database. */
    set(tokenHash: string, row: SessionRow): void {
      entries.delete(tokenHash);
      if (entries.size >= opts.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(tokenHash, { row, cachedAt: opts.now() });
    },

    /** Forget one session (logout, must-change cleared). */
    evictSession(sessionId: string): void {
      evictWhere((row) => row.sessionId === sessionId);
    },

    /** Forget every session of a member (password change, account change). */
    evictMember(memberId: string): void {
      evictWhere((row) => row.memberId === memberId);
    },

    /** Forget everything: the eviction feed was interrupted, so nothing cached can be trusted. */
    clear(): void {
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
