import crypto from 'node:crypto';
import { REFRESH_REMEMBER_DAYS } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../app-context';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import {
  findFamilyLastSeen,
  findRefreshToken,
  insertRefreshFamily,
  insertRefreshToken,
  linkSessionToFamily,
  spendRefreshToken,
} from './refresh-token.repository';
import type { SessionService } from './session.service';

/** The cookie, and the one path it is sent to (the refresh endpoint; logout clears it there too). */
export const REFRESH_COOKIE = 'wps_refresh';
export const REFRESH_COOKIE_PATH = '/wps/session/refresh';
const REFRESH_REMEMBER_SECONDS = REFRESH_REMEMBER_DAYS * 24 * 60 * 60;
/** 256 random bits, like session tokens; base64url, 43 characters. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[\w-]{43}$/;

type RefreshContext = Pick<AppContext, 'db'> & {
  config: Pick<AppConfig, 'sessionAbsoluteSeconds'>;
  session: Pick<SessionService, 'idleSeconds' | 'revokeFamily' | 'sessionOfToken'>;
  /** Injectable clock (epoch ms) for expiry tests. */
  now?: () => number;
};

/** What the route writes into the cookie: the token and its Max-Age (null: a session cookie). */
export type RefreshCookie = { token: string; maxAgeSeconds: number | null };

/**
 * Opens the refreshed session the way a login does (the member module: the account's status, the
 * identity gate, the responsible-gaming open guard and the licence's session.open door), placed in
 * the sign-in `familyId`. Wired by the route.
 */
export type OpenRefreshedSession = (memberId: string, familyId: string) => Promise<LoginResult>;

/** Domain-separated from session tokens and login codes: no token of one kind matches another's table. */
function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(`refresh\u0000${token}`).digest('base64url');
}

function refused(value?: unknown): AppError {
  return new AppError(ErrorCode.REFRESH_TOKEN_INVALID, 'Sign-in ended on this browser; log in again', value);
}

/**
 * Refresh tokens (docs/decisions.md, "Staying signed in: refresh tokens"): a login gives the
 * browser an HttpOnly cookie that opens a new session for a tab without one (a second tab, the
 * browser reopened). Each token is spent on use and replaced; a spent token shown again ends the
 * whole sign-in, since one of its two holders is a thief. A sign-in ends at a fixed time (30 days
 * with remember-me, one session's absolute lifetime without), and sooner when all of its sessions
 * sat unused past the idle limit (the BR licence's 30 minutes) or any of them is revoked.
 */
export function createRefreshTokens(ctx: RefreshContext) {
  const { db, config, session } = ctx;
  const now = ctx.now ?? Date.now;

  function cookieLife(persistent: boolean, expiresAt: Date): number | null {
    return persistent ? Math.max(0, Math.floor((expiresAt.getTime() - now()) / 1000)) : null;
  }

  return {
    /**
     * Start a sign-in for the session a login just opened (its token, from the login's answer).
     * Null when the token names no session (it cannot happen for a fresh login's).
     */
    async issue(sessionToken: string, persistent: boolean): Promise<RefreshCookie | null> {
      const opened = await session.sessionOfToken(sessionToken);
      if (!opened) return null;
      const at = new Date(now());
      const lifeSeconds = persistent ? REFRESH_REMEMBER_SECONDS : config.sessionAbsoluteSeconds;
      const expiresAt = new Date(at.getTime() + lifeSeconds * 1000);
      const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
      await runInTransaction(db, async (trx) => {
        const familyId = await insertRefreshFamily(trx, {
          memberId: opened.memberId,
          persistent,
          now: at,
          expiresAt,
        });
        await linkSessionToFamily(trx, opened.sessionId, familyId);
        await insertRefreshToken(trx, { familyId, tokenHash: hashRefreshToken(token), now: at });
      });
      return { token, maxAgeSeconds: cookieLife(persistent, expiresAt) };
    },

    /**
     * POST /wps/session/refresh: spend the cookie's token, open a new session in its sign-in and
     * hand out the token's successor. The token is spent before the session opens, so a refusal
     * (a time-out begun, the barred list) cannot be retried with it.
     */
    async refresh(
      token: string | undefined,
      open: OpenRefreshedSession,
    ): Promise<{ result: LoginResult; cookie: RefreshCookie }> {
      if (!token || !TOKEN_PATTERN.test(token)) throw refused();
      const row = await findRefreshToken(db, hashRefreshToken(token));
      if (!row) throw refused();
      const t = now();
      if (row.familyRevokedAt || row.familyExpiresAt.getTime() <= t) throw refused();
      if (row.usedAt) {
        await runInTransaction(db, (trx) => session.revokeFamily(row.familyId, 'reused', trx));
        throw new AppError(ErrorCode.REFRESH_TOKEN_REUSED, 'This sign-in was ended: its refresh token was used twice');
      }
      // The session rules hold across refreshes: a sign-in none of whose sessions was used within
      // the idle limit has ended, as each of its sessions has.
      const lastSeen = await findFamilyLastSeen(db, row.familyId);
      if (!lastSeen || lastSeen.getTime() + (await session.idleSeconds()) * 1000 <= t) {
        await runInTransaction(db, (trx) => session.revokeFamily(row.familyId, 'idle', trx));
        throw refused({ sessionEnded: 'idle' });
      }
      if (!(await spendRefreshToken(db, row.tokenId, new Date(t)))) {
        // Spent between our read and now: the same token twice at once is a reuse as well.
        await runInTransaction(db, (trx) => session.revokeFamily(row.familyId, 'reused', trx));
        throw new AppError(ErrorCode.REFRESH_TOKEN_REUSED, 'This sign-in was ended: its refresh token was used twice');
      }
      const result = await open(row.memberId, row.familyId);
      const next = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
      await insertRefreshToken(db, { familyId: row.familyId, tokenHash: hashRefreshToken(next), now: new Date(now()) });
      return { result, cookie: { token: next, maxAgeSeconds: cookieLife(row.persistent, row.familyExpiresAt) } };
    },
  };
}
