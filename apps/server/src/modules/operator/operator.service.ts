import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import type { AppConfig } from '../../config';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../services';
import { createPasswordHasher } from '../member/password-hasher';
import type { AuditService } from '../audit/audit.service';
import type { RateLimiter } from '../verification/rate-limiter';
import type { OperatorRole } from './operator-auth';
import {
  findOperatorByUsername,
  findOperatorSessionByTokenHash,
  findOperators,
  insertOperator,
  insertOperatorSession,
  revokeOperatorSession,
  revokeOperatorSessions,
  setOperatorLastLogin,
  touchOperatorSession,
  updateOperatorStatus,
} from './operator.repository';

/** The operator behind a live operator token. */
export type SessionOperator = { operatorId: string; username: string; role: OperatorRole; sessionId: string };

type OperatorContext = Pick<AppContext, 'db'> & {
  config: Pick<AppConfig, 'scryptLogN'>;
  rateLimiter: RateLimiter;
  audit: Pick<AuditService, 'record'>;
  now?: () => number;
};

export const OPERATOR_ROLES: readonly OperatorRole[] = ['finance', 'support', 'admin'];
export const OPERATOR_USERNAME_PATTERN = /^[a-z][a-z0-9_.-]{2,31}$/;

/** Back-office sessions are shorter than players': 30 minutes idle, 12 hours in all. */
const OPERATOR_IDLE_SECONDS = 30 * 60;
const OPERATOR_ABSOLUTE_SECONDS = 12 * 60 * 60;
const TOKEN_BYTES = 32;
/** Operator tokens carry their scope in a prefix, so logs and support can tell them from member tokens. */
const TOKEN_PREFIX = 'ops_';
const TOUCH_INTERVAL_MS = 60_000;
const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 128;

/** Login limits: like member logins (per IP and per account), plus a cap on failures per account. */
export const OPERATOR_LIMITS = {
  loginPerIp: { limit: 60, windowSeconds: 5 * 60 },
  loginPerAccount: { limit: 20, windowSeconds: 60 },
  failuresPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  failuresPerIp: { limit: 30, windowSeconds: 15 * 60 },
};

/** The stored form of an operator token (SHA-256, base64url); the token is never stored. */
export function hashOperatorToken(token: string): string {
  return crypto.createHash('sha256').update(`operator:${token}`).digest('base64url');
}

/** Operator accounts (finance, support, admin) and their sessions, separate from members. */
export function createOperatorService(ctx: OperatorContext) {
  const { db, rateLimiter, audit } = ctx;
  const now = ctx.now ?? Date.now;
  const hasher = createPasswordHasher({ logN: ctx.config.scryptLogN });

  return {
    /** Create an operator; the password is hashed like a member password. */
    async createOperator(input: { username: string; role: OperatorRole; password: string }): Promise<{ operatorId: string; username: string; role: OperatorRole }> {
      const username = input.username.trim().toLowerCase();
      if (!OPERATOR_USERNAME_PATTERN.test(username)) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Operator usernames are 3–32 characters: a letter, then letters, digits, _ . -');
      }
      if (!OPERATOR_ROLES.includes(input.role)) throw new AppError(ErrorCode.VALIDATION_FAILED, `Role must be one of ${OPERATOR_ROLES.join(', ')}`);
      if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
        throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, `Operator passwords are ${MIN_PASSWORD_LENGTH}–${MAX_PASSWORD_LENGTH} characters`);
      }
      const operatorId = await insertOperator(db, { username, role: input.role, passwordHash: await hasher.hash(input.password) });
      if (!operatorId) throw new AppError(ErrorCode.USERNAME_TAKEN, 'This operator username is taken');
      return { operatorId, username, role: input.role };
    },

    /**
     * Disable (every session ends at once) or re-enable an operator; audited with the actor.
     * Returns false for an unknown username.
     */
    async setOperatorStatus(
      actor: { actorType: 'operator' | 'system'; actorId: string | null },
      username: string,
      status: 'active' | 'disabled',
      reason: string | null,
    ): Promise<boolean> {
      const name = username.trim().toLowerCase();
      return db.transaction().execute(async (trx) => {
        const changed = await updateOperatorStatus(trx, name, status);
        if (!changed) return false;
        if (status === 'disabled') await revokeOperatorSessions(trx, changed.id, new Date(now()));
        await audit.record(trx, {
          ...actor,
          action: status === 'disabled' ? 'operator.disable' : 'operator.enable',
          subjectType: 'operator',
          subjectId: changed.id,
          reason,
          before: { username: name, status: changed.previous },
          after: { username: name, status },
        });
        return true;
      });
    },

    /** Every operator (no password hashes). */
    async listOperators() {
      const rows = await findOperators(db);
      return rows.map((r) => ({
        operatorId: r.id,
        username: r.username,
        role: r.role,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
      }));
    },

    /** POST /ops/session/login: a new operator token, limited per IP and per account. */
    async login(
      input: { username: string; password: string },
      origin: { ip: string; userAgent: string | null },
    ): Promise<{ token: string; operator: { operatorId: string; username: string; role: OperatorRole }; expiresAt: string }> {
      const username = input.username.trim().toLowerCase();
      const L = OPERATOR_LIMITS;
      await rateLimiter.consume('ops-login-ip', origin.ip, L.loginPerIp.limit, L.loginPerIp.windowSeconds);
      await rateLimiter.consume('ops-login-account', username, L.loginPerAccount.limit, L.loginPerAccount.windowSeconds);
      for (const [bucket, key, limit] of [
        ['ops-login-fail-account', username, L.failuresPerAccount],
        ['ops-login-fail-ip', origin.ip, L.failuresPerIp],
      ] as const) {
        const status = await rateLimiter.peek(bucket, key, limit.limit, limit.windowSeconds);
        if (status.limited) {
          throw new AppError(ErrorCode.TOO_MANY_REQUESTS, `Too many failed logins; retry in ${status.retryAfterSeconds} s`, {
            retryAfterSeconds: status.retryAfterSeconds,
          });
        }
      }
      const row = await findOperatorByUsername(db, username);
      const valid = row ? await hasher.verify(input.password, row.passwordHash) : await hasher.verifyDummy(input.password);
      if (!row || !valid || row.status !== 'active') {
        await rateLimiter.hit('ops-login-fail-account', username, L.failuresPerAccount.windowSeconds);
        await rateLimiter.hit('ops-login-fail-ip', origin.ip, L.failuresPerIp.windowSeconds);
        // A disabled operator gets the same answer as a wrong password: nothing to probe.
        throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Incorrect username or password');
      }
      await rateLimiter.reset('ops-login-fail-account', username);
      const token = TOKEN_PREFIX + crypto.randomBytes(TOKEN_BYTES).toString('base64url');
      const at = new Date(now());
      const expiresAt = new Date(at.getTime() + OPERATOR_ABSOLUTE_SECONDS * 1000);
      await insertOperatorSession(db, {
        tokenHash: hashOperatorToken(token),
        operatorId: row.id,
        now: at,
        expiresAt,
        ip: origin.ip,
        userAgent: origin.userAgent ? origin.userAgent.slice(0, 256) : null,
      });
      await setOperatorLastLogin(db, row.id, at);
      return { token, operator: { operatorId: row.id, username: row.username, role: row.role }, expiresAt: expiresAt.toISOString() };
    },

    /** The operator of a live session, or null (unknown, revoked, idle, expired, disabled). */
    async resolve(token: string): Promise<SessionOperator | null> {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 128) return null;
      const row = await findOperatorSessionByTokenHash(db, hashOperatorToken(token));
      if (!row || row.revokedAt || row.status !== 'active') return null;
      const t = now();
      if (row.expiresAt.getTime() <= t) return null;
      if (row.lastSeenAt.getTime() + OPERATOR_IDLE_SECONDS * 1000 <= t) return null;
      if (t - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await touchOperatorSession(db, row.sessionId, new Date(t), new Date(t - TOUCH_INTERVAL_MS));
      }
      return { operatorId: row.operatorId, username: row.username, role: row.role, sessionId: row.sessionId };
    },

    /** Revoke one operator session (logout). */
    async revoke(sessionId: string): Promise<void> {
      await revokeOperatorSession(db, sessionId, new Date(now()));
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
