import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { ExchangeCodeResult } from '@wps/shared/schemas/session';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import type { RateLimiter } from '../verification/rate-limiter';
import {
  deleteExpiredExchangeCodes,
  findExchangeSource,
  insertExchangeCode,
  useExchangeCode,
} from './exchange-code.repository';
import type { MemberBriefs } from './session.repository';
import type { SessionMember, SessionService } from './session.service';

/** The product lets a start URL log a player in; a token in a URL is safe only single-use and short-lived. */
export const EXCHANGE_CODE_TTL_SECONDS = 60;
/** 256 random bits, like session tokens: guessing one within its minute is hopeless. */
const CODE_BYTES = 32;

export const EXCHANGE_CODE_LIMITS = {
  mintPerMember: { limit: 10, windowSeconds: 60 },
  exchangePerIp: { limit: 30, windowSeconds: 60 },
} as const;

type ExchangeCodeContext = Pick<AppContext, 'db'> & {
  session: Pick<SessionService, 'createSession' | 'idleSeconds'>;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  /** The member module's view of its members, joined when a code is used (member-views.ts). */
  memberViews: MemberBriefs;
  /**
   * What a login asks outside the transaction before a session opens (the identity module's
   * barred-persons list, an outside call; services.ts): the session's own transaction then asks
   * the licence's `session.open` door, which reads the answer recorded here.
   */
  beforeOpen: (memberId: string) => Promise<void>;
  /** Injectable clock (epoch ms) for expiry tests. */
  now?: () => number;
};

/**
 * The stored form of a code. Domain-separated from the session token hash, so a session token
 * offered as a code can never match anything, whatever table it were looked up in.
 */
function hashExchangeCode(code: string): string {
  return crypto.createHash('sha256').update(`login-code\u0000${code}`).digest('base64url');
}

function invalidCode(): AppError {
  return new AppError(ErrorCode.LOGIN_CODE_INVALID, 'This login link is invalid or has expired');
}

/**
 * Login exchange codes: what a link's `?token=` carries. A logged-in member mints
 * one for their own session (to hand the login to another device or app); whoever holds it may
 * trade it once, within a minute, for a new session of that member. The minting session's token
 * never leaves the client that holds it.
 */
export function createExchangeCodeService(ctx: ExchangeCodeContext) {
  const { db, session, rateLimiter } = ctx;
  const now = ctx.now ?? Date.now;

  return {
    /** POST /wps/session/exchange-code: a code for the caller's own session. */
    async mint(auth: SessionMember): Promise<ExchangeCodeResult> {
      const { limit, windowSeconds } = EXCHANGE_CODE_LIMITS.mintPerMember;
      await rateLimiter.consume('login-code-mint', auth.memberId, limit, windowSeconds);
      const code = crypto.randomBytes(CODE_BYTES).toString('base64url');
      const at = new Date(now());
      const expiresAt = new Date(at.getTime() + EXCHANGE_CODE_TTL_SECONDS * 1000);
      await deleteExpiredExchangeCodes(db, at);
      await insertExchangeCode(db, {
        codeHash: hashExchangeCode(code),
        memberId: auth.memberId,
        sessionId: auth.sessionId,
        now: at,
        expiresAt,
      });
      return { code, expiresAt: expiresAt.toISOString(), expiresInSeconds: EXCHANGE_CODE_TTL_SECONDS };
    },

    /**
     * POST /wps/session/login/exchange: use a code once and open a new session for its member.
     * The code is spent before anything else is checked, so a refused attempt cannot be replayed.
     */
    async exchange(code: string, origin: { ip: string; userAgent: string | null }): Promise<LoginResult> {
      const { limit, windowSeconds } = EXCHANGE_CODE_LIMITS.exchangePerIp;
      await rateLimiter.consume('login-code-ip', origin.ip, limit, windowSeconds);
      const t = now();
      const used = await useExchangeCode(db, hashExchangeCode(code), new Date(t));
      if (!used) throw invalidCode();
      // The code is worth no more than the session that minted it: logout, a password change
      // elsewhere, expiry or a disabled account end it too.
      const source = await findExchangeSource(db, ctx.memberViews, used.sessionId);
      const isLive =
        source !== undefined &&
        source.revokedAt === null &&
        source.status === 'active' &&
        !source.mustChangePassword &&
        source.expiresAt.getTime() > t &&
        source.lastSeenAt.getTime() + (await session.idleSeconds()) * 1000 > t;
      if (!source || !isLive) throw invalidCode();
      // A new session like any login's: the first of the operator's day asks the barred-persons
      // list, and the session's transaction asks the licence (createSession's open guard).
      await ctx.beforeOpen(source.memberId);
      const { token } = await runInTransaction(db, (trx) =>
        session.createSession(trx, {
          memberId: source.memberId,
          // A session opened from one that must first give its CPF is held to the same (an identity
          // provider's sign-in hands its session over through a code).
          identityRequired: source.identityRequired,
          ip: origin.ip,
          userAgent: origin.userAgent,
        }),
      );
      return {
        token,
        firstTimeLogin: false,
        passwordExpired: false,
        mustChangePassword: false,
        ...(source.identityRequired ? { identityRequired: true } : {}),
        userInfo: { userName: source.account, nickname: source.nickname, type: source.type },
      };
    },
  };
}

export type ExchangeCodeService = ReturnType<typeof createExchangeCodeService>;
