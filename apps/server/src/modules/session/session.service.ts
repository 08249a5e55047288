import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionEndReason, SessionRevokeReason } from '@wps/shared/error-codes';
import type { AppConfig } from '../../config';
import { createTtlCache } from '../../cache/ttl-cache';
import { CHANGE_CHANNELS, publishChange, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { latePort } from '../../late-port';
import type { AppContext } from '../../app-context';
import {
  clearMemberIdentityRequired,
  clearSessionMustChange,
  createSessionLookup,
  findClientTraits,
  findMemberSessionSpans,
  findSessionStart,
  insertSession,
  revokeMemberSessions,
  revokeSession,
  touchSession,
  type MemberBriefs,
  type SessionRow,
} from './session.repository';
import { createSessionViews } from './session-views';
import { revokeRefreshFamilies, type FamilyRevokeReason } from './refresh-token.repository';

type Db = Kysely<Database>;

/** The member behind a valid session token, as every authenticated route sees it. */
export type SessionMember = {
  memberId: string;
  account: string;
  type: number;
  sessionId: string;
  mustChangePassword: boolean;
  /** An account from before the switch to a licence that identifies players: only its CPF may be given (migration 0602). */
  identityRequired: boolean;
};

type SessionContext = Pick<AppContext, 'db'> & {
  config: Pick<AppConfig, 'sessionIdleSeconds' | 'sessionAbsoluteSeconds'>;
  /** The member module's view of its members, joined in the token lookup (member-views.ts). */
  memberViews: MemberBriefs;
  /** Accepted for wiring symmetry; sessions do not depend on operator settings yet. */
  system?: unknown;
  /** Injectable clock (epoch ms) for expiry tests. */
  now?: () => number;
  /** Other instances' evictions; without a live feed nothing is cached. */
  changeFeed?: ChangeFeed;
  /**
   * The licence's idle limit in seconds, or null when the licence sets none (the licence module's
   * copy of its rules, wired in services.ts): a session ends at the shorter of it and the site's.
   */
  licenceIdleSeconds: () => Promise<number | null>;
};

/** 256 random bits; far above the 128 the security guide asks for. */
const TOKEN_BYTES = 32;
/** last_seen_at is written at most this often, so authenticated reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_USER_AGENT = 256;
/**
 * Resolved sessions are cached this long. Revocations evict at once here and, through the
 * change feed, on every other instance; the TTL only bounds a missed notification.
 */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 20_000;

type Eviction = { sessionId: string } | { memberId: string };

/** The stored form of a token: SHA-256, base64url. A database leak yields no usable tokens. */
export function hashSessionToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

/**
 * Opaque bearer sessions: a random token is handed out once, only its hash is stored, and each
 * session has an idle and an absolute expiry and can be revoked.
 */
export function createSessionService(ctx: SessionContext) {
  const { db, config } = ctx;
  const now = ctx.now ?? Date.now;
  const cache = createTtlCache<SessionRow>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES, now });
  const feed = ctx.changeFeed;
  const findSessionByTokenHash = createSessionLookup(db, ctx.memberViews);

  /** How long a session may stay unused: the site's setting, shortened by the licence where it sets less. */
  async function idleSeconds(): Promise<number> {
    const licence = await ctx.licenceIdleSeconds();
    return licence === null ? config.sessionIdleSeconds : Math.min(licence, config.sessionIdleSeconds);
  }

  const applyEviction = (eviction: Eviction) => {
    if ('sessionId' in eviction) cache.evictWhere((row) => row.sessionId === eviction.sessionId);
    else cache.evictWhere((row) => row.memberId === eviction.memberId);
  };

  /**
   * Evict here at once, and on every instance when the caller's transaction commits. Here means
   * every local subscriber of the channel, not only this cache: game sessions end with their
   * login session (gateway vendor-sessions.ts).
   */
  const evict = async (trx: Db, eviction: Eviction) => {
    if (feed) feed.announce(CHANGE_CHANNELS.sessionEvict, JSON.stringify(eviction));
    else applyEviction(eviction);
    await publishChange(trx, CHANGE_CHANNELS.sessionEvict, JSON.stringify(eviction));
  };

  feed?.subscribe(CHANGE_CHANNELS.sessionEvict, (payload) => {
    try {
      applyEviction(JSON.parse(payload) as Eviction);
    } catch {
      cache.clear();
    }
  });
  // A changed member row (status, type, anything) may change what its sessions allow.
  feed?.subscribe(CHANGE_CHANNELS.memberChange, (memberId) => applyEviction({ memberId }));
  feed?.onReset(() => cache.clear());

  // Who may open a session at all, decided by the responsible-gaming module (a time-out, a
  // self-exclusion, a time limit reached): checked in the transaction that opens it, so a refusal
  // also undoes a registration whose details belong to an excluded player. Wired in services.ts;
  // no session opens before it is.
  const openGuard = latePort<(trx: Db, memberId: string) => Promise<void>>('session.openGuard');

  return {
    latePorts: [openGuard],

    /** Install the check every new session passes first (it throws an AppError to refuse). */
    useOpenGuard(guard: (trx: Db, memberId: string) => Promise<void>): void {
      openGuard.set(guard);
    },

    /** When a session began (the reality check's clock); undefined for an unknown id. */
    sessionStartedAt: (sessionId: string) => findSessionStart(db, sessionId),

    /**
     * A member's sessions that were open at some point since `since`, with when each began and
     * ended (null while live): what the time limits count.
     */
    sessionSpans: async (memberId: string, since: Date, trx: Db = db) =>
      findMemberSessionSpans(trx, memberId, since, await idleSeconds(), now()),

    /** The addresses and user agents members' sessions came from (`trx` inside the caller's transaction). */
    findClientTraits: (memberIds: string[], trx: Db = ctx.db) => findClientTraits(trx, memberIds.map(String)),

    /**
     * Open a session for a member inside the caller's transaction (or on the pool) and return
     * the token, which exists nowhere else after this call.
     */
    async createSession(
      trx: Db,
      input: {
        memberId: string;
        mustChangePassword?: boolean;
        identityRequired?: boolean;
        ip?: string | null;
        userAgent?: string | null;
        /** The sign-in a refresh opens this session in (refresh-tokens.ts). */
        refreshFamilyId?: string | undefined;
      },
    ): Promise<{ token: string; sessionId: string }> {
      await openGuard.get()(trx, input.memberId);
      const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
      const at = new Date(now());
      const sessionId = await insertSession(trx, {
        tokenHash: hashSessionToken(token),
        memberId: input.memberId,
        mustChangePassword: input.mustChangePassword ?? false,
        identityRequired: input.identityRequired ?? false,
        now: at,
        expiresAt: new Date(at.getTime() + config.sessionAbsoluteSeconds * 1000),
        ip: input.ip ?? null,
        userAgent: input.userAgent ? input.userAgent.slice(0, MAX_USER_AGENT) : null,
        refreshFamilyId: input.refreshFamilyId ?? null,
      });
      return { token, sessionId };
    },

    /**
     * The member of a live session, or null when the token is unknown, revoked, idle for too
     * long, past its absolute expiry, or its account is disabled.
     */
    async resolve(token: string): Promise<SessionMember | null> {
      if (!token || token.length > 128) return null;
      const tokenHash = hashSessionToken(token);
      const isCacheUsable = feed?.isLive === true;
      let row = isCacheUsable ? cache.get(tokenHash) : undefined;
      if (!row) {
        const readVersion = cache.version;
        row = await findSessionByTokenHash(tokenHash);
        // Unknown tokens are not cached: guessing must not fill the cache.
        if (row && isCacheUsable) cache.set(tokenHash, row, readVersion);
      }
      if (!row || row.revokedAt || row.status !== 'active') return null;
      const t = now();
      if (row.expiresAt.getTime() <= t) return null;
      if (row.lastSeenAt.getTime() + (await idleSeconds()) * 1000 <= t) return null;
      if (t - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await touchSession(db, row.sessionId, new Date(t), new Date(t - TOUCH_INTERVAL_MS));
        row.lastSeenAt = new Date(t);
      }
      return {
        memberId: row.memberId,
        account: row.account,
        type: row.type,
        sessionId: row.sessionId,
        mustChangePassword: row.mustChangePassword,
        identityRequired: row.identityRequired,
      };
    },

    /**
     * Why the session of a token ended, for the UNAUTHORIZED answer of a call made with it
     * (`value.sessionEnded`); null for a token that names no session. Read only on that refusal,
     * from the database, so it costs the live path nothing.
     */
    async whyEnded(token: string): Promise<SessionEndReason | null> {
      if (!token || token.length > 128) return null;
      const row = await findSessionByTokenHash(hashSessionToken(token));
      if (!row) return null;
      if (row.revokedAt) return row.revokeReason ?? 'logged_out';
      if (row.status !== 'active') return 'account_disabled';
      const t = now();
      if (row.expiresAt.getTime() <= t) return 'expired';
      if (row.lastSeenAt.getTime() + (await idleSeconds()) * 1000 <= t) return 'idle';
      return null;
    },

    /** The session and member a token names, live or not (a login's answer, to start its refresh family). */
    async sessionOfToken(token: string): Promise<{ sessionId: string; memberId: string } | null> {
      if (!token || token.length > 128) return null;
      const row = await findSessionByTokenHash(hashSessionToken(token));
      return row ? { sessionId: row.sessionId, memberId: row.memberId } : null;
    },

    /** How long a session may stay unused now (the exchange codes' check reads it too). */
    idleSeconds,

    /**
     * Revoke one session: the player signed out (the default), or an operator ended it. Its
     * sign-in goes with it (the refresh cookie's family and the sessions other tabs opened from it).
     */
    async revoke(sessionId: string, reason: SessionRevokeReason = 'logged_out'): Promise<void> {
      const evicted = await db.transaction().execute(async (trx) => {
        const at = new Date(now());
        await revokeSession(trx, sessionId, at, reason);
        await evict(trx, { sessionId });
        const members = await revokeRefreshFamilies(trx, { ofSessionId: sessionId }, at, reason, reason);
        for (const memberId of members) await evict(trx, { memberId });
        return members;
      });
      // Again after commit: a read that ran between the first eviction and the commit may have
      // cached the session as live; the database's notification would evict it a moment later.
      feed?.announce(CHANGE_CHANNELS.sessionEvict, JSON.stringify({ sessionId }));
      for (const memberId of evicted) feed?.announce(CHANGE_CHANNELS.sessionEvict, JSON.stringify({ memberId }));
    },

    /** End one sign-in and its sessions (a spent refresh token shown again, or one left idle). */
    async revokeFamily(familyId: string, reason: FamilyRevokeReason, trx: Db = db): Promise<void> {
      const members = await revokeRefreshFamilies(trx, { familyId }, new Date(now()), reason, 'logged_out');
      for (const memberId of members) await evict(trx, { memberId });
    },

    /**
     * Revoke every session of a member except `keepSessionId` (after a password change, by
     * default), and every sign-in (refresh family) but the kept session's.
     */
    async revokeOthers(
      memberId: string,
      keepSessionId: string | undefined,
      trx: Db = db,
      reason: SessionRevokeReason = 'password_changed',
    ): Promise<number> {
      const at = new Date(now());
      const revoked = await revokeMemberSessions(trx, memberId, at, reason, keepSessionId);
      // Their refresh cookies too: a revoked session must not come back through a refresh. The kept
      // session's sign-in stays (the browser that changed the password stays signed in).
      await revokeRefreshFamilies(trx, { memberId, exceptSessionId: keepSessionId }, at, reason, reason);
      await evict(trx, { memberId });
      return revoked;
    },

    /** Lift the must-change-password block of a session once its password was changed. */
    async clearMustChangePassword(sessionId: string, trx: Db = db): Promise<void> {
      await clearSessionMustChange(trx, sessionId);
      await evict(trx, { sessionId });
    },

    /** Lift the identity block of a member's sessions once their CPF was written, in that transaction. */
    async clearIdentityRequired(memberId: string, trx: Db = db): Promise<void> {
      await clearMemberIdentityRequired(trx, memberId);
      await evict(trx, { memberId });
    },

    /** For the gateway's statements: the login sessions live at a time (session-views.ts). */
    liveLoginSessions: createSessionViews(ctx).liveLoginSessions,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
