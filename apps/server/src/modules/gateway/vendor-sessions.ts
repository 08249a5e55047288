import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { createTtlCache } from '../../cache/ttl-cache';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findVendorSession, type LiveLoginSessions } from './gateway.repository';

/** Vendor sessions are read on every balance and bet callback; a short cache keeps that off the database. */
const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;

type Cached = { memberId: string; nodeId: string; loginSessionId: string; until: number };

export type VendorSessionContext = {
  db: Kysely<Database>;
  /** The session module's live login sessions, joined in the lookup. */
  liveLoginSessions: LiveLoginSessions;
  /** Evictions from every instance; without a live feed nothing is cached. */
  changeFeed?: ChangeFeed | undefined;
  now?: () => number;
};

/**
 * Checks a game (vendor) session on the calls that need one (balance, bet, the in-house game
 * API). A vendor session lives at most 12 hours and never longer than the login session that
 * launched the game: logout, a password change or reset (which revoke login sessions) and a
 * disabled account end it too. The read joins the session module's view of live login sessions
 * (with their members), so that costs no extra round trip; cached answers are evicted through the change feed by the same
 * notifications that evict the login-session cache (session revocations, member changes).
 */
export function createVendorSessions(ctx: VendorSessionContext) {
  const now = ctx.now ?? Date.now;
  const feed = ctx.changeFeed;
  const cache = createTtlCache<Cached>({ ttlMs: SESSION_CACHE_MS, maxEntries: SESSION_CACHE_MAX, now });

  feed?.subscribe(CHANGE_CHANNELS.sessionEvict, (payload) => {
    try {
      const eviction = JSON.parse(payload) as { sessionId?: string; memberId?: string };
      if (eviction.sessionId !== undefined) cache.evictWhere((s) => s.loginSessionId === String(eviction.sessionId));
      else if (eviction.memberId !== undefined) cache.evictWhere((s) => s.memberId === String(eviction.memberId));
      else cache.clear();
    } catch {
      cache.clear();
    }
  });
  // A changed member row (disabled, password changed) may end its game sessions.
  feed?.subscribe(CHANGE_CHANNELS.memberChange, (memberId) => cache.evictWhere((s) => s.memberId === memberId));
  feed?.onReset(() => cache.clear());

  /** The player of a live vendor session; VENDOR_TOKEN_INVALID when unknown, ended or another player's. */
  async function require(
    vassalage: string,
    tokenHash: string,
    playerId: string,
  ): Promise<{ memberId: string; nodeId: string }> {
    const key = `${vassalage}:${tokenHash}`;
    const isCacheUsable = feed?.isLive === true;
    let hit = isCacheUsable ? cache.get(key) : undefined;
    if (hit && hit.until <= now()) hit = undefined;
    if (!hit) {
      const readVersion = cache.version;
      const row = await findVendorSession(ctx.db, ctx.liveLoginSessions, tokenHash, vassalage);
      if (!row)
        throw new AppError(ErrorCode.VENDOR_TOKEN_INVALID, 'The session is unknown, expired or ended with its login');
      hit = {
        memberId: row.memberId,
        nodeId: row.nodeId,
        loginSessionId: row.loginSessionId,
        until: row.expiresAt.getTime(),
      };
      // Unknown tokens are never cached, so guessing cannot fill the cache.
      if (isCacheUsable) cache.set(key, hit, readVersion);
    }
    if (hit.memberId !== String(playerId))
      throw new AppError(ErrorCode.VENDOR_TOKEN_INVALID, 'The session belongs to another player');
    return { memberId: hit.memberId, nodeId: hit.nodeId };
  }

  return { require };
}

export type VendorSessions = ReturnType<typeof createVendorSessions>;
