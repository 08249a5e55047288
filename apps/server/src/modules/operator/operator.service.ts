import { ErrorCode } from '@wps/shared/error-codes';
import type { AppConfig } from '../../config';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import { createPasswordHasher } from '../member/password-hasher';
import type { AuditService } from '../audit/audit.service';
import type { RateLimiter } from '../verification/rate-limiter';
import { OPERATOR_IDLE_SECONDS, TOKEN_PREFIX, createOperatorLogin, hashOperatorToken } from './operator-login';
import {
  findOperatorByUsername,
  findOperatorSessionByTokenHash,
  findOperators,
  insertOperator,
  revokeOperatorSession,
  revokeOperatorSessions,
  touchOperatorSession,
  updateOperatorStatus,
} from './operator.repository';
import { clearOperatorTotp } from './operator-totp.repository';

export { OPERATOR_LIMITS, hashOperatorToken } from './operator-login';

/** What an operator may do; 'admin' is allowed everywhere. */
export type OperatorRole = 'finance' | 'support' | 'admin';

/** The operator behind a live operator token. */
export type SessionOperator = { operatorId: string; username: string; role: OperatorRole; sessionId: string };

type OperatorContext = Pick<AppContext, 'db' | 'metrics'> & {
  config: Pick<AppConfig, 'scryptLogN' | 'operatorTotpKey'>;
  rateLimiter: RateLimiter;
  audit: Pick<AuditService, 'record'>;
  now?: () => number;
};

export const OPERATOR_ROLES: readonly OperatorRole[] = ['finance', 'support', 'admin'];
export const OPERATOR_USERNAME_PATTERN = /^[a-z][a-z0-9_.-]{2,31}$/;

const TOUCH_INTERVAL_MS = 60_000;
const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 128;

/** Operator accounts (finance, support, admin) and their sessions, separate from members. */
export function createOperatorService(ctx: OperatorContext) {
  const { db, rateLimiter, audit } = ctx;
  const now = ctx.now ?? Date.now;
  const hasher = createPasswordHasher({ logN: ctx.config.scryptLogN });

  return {
    ...createOperatorLogin({ db, rateLimiter, audit, hasher, now, config: ctx.config, metrics: ctx.metrics }),

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
        totpEnrolled: r.totpEnrolled,
      }));
    },

    /**
     * Forget an operator's TOTP: every session ends and the next login with the right password
     * enrols again. Audited with the actor and reason. An admin may not reset their own (another
     * admin, or the CLI, must). Returns false for an unknown username.
     */
    async resetTotp(actor: { actorType: 'operator' | 'system'; actorId: string | null }, username: string, reason: string): Promise<boolean> {
      const name = username.trim().toLowerCase();
      const row = await findOperatorByUsername(db, name);
      if (!row) return false;
      if (actor.actorType === 'operator' && actor.actorId === row.id) {
        throw new AppError(ErrorCode.OPERATOR_FORBIDDEN, 'Another admin must reset your two-factor login');
      }
      await db.transaction().execute(async (trx) => {
        const wasEnrolled = await clearOperatorTotp(trx, row.id);
        await revokeOperatorSessions(trx, row.id, new Date(now()));
        await audit.record(trx, {
          ...actor,
          action: 'operator.totp_reset',
          subjectType: 'operator',
          subjectId: row.id,
          reason,
          before: { username: name, totpEnrolled: wasEnrolled },
          after: { username: name, totpEnrolled: false },
        });
      });
      return true;
    },

    /** The operator of a live session, or null (unknown, revoked, idle, expired, disabled). */
    async resolve(token: string): Promise<SessionOperator | null> {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 128) return null;
      const row = await findOperatorSessionByTokenHash(db, hashOperatorToken(token));
      // Only sessions that passed TOTP count (older ones were revoked by migration 0120 anyway).
      if (!row || row.revokedAt || row.status !== 'active' || !row.totpPassedAt) return null;
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
