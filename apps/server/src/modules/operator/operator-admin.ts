import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import { OPS_ROLES, type OpsRole } from '@wps/shared/ops-permissions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { PasswordHasher } from '../member/password-hasher';
import {
  findOperatorByUsername,
  findOperatorNames,
  findOperators,
  insertOperator,
  lockActiveAdmins,
  lockOperatorByUsername,
  revokeOperatorSessions,
  setOperatorStatusById,
  updateOperatorRole,
  type OperatorRow,
} from './operator.repository';
import { clearOperatorTotp } from './operator-totp.repository';

type Db = Kysely<Database>;

/** Who changes an operator: another operator (by id) or the ops CLI (the system, named). */
export type OperatorActor = { actorType: 'operator' | 'system'; actorId: string | null };

export const OPERATOR_USERNAME_PATTERN = /^[a-z][a-z0-9_.-]{2,31}$/;
const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 128;
/** Operators made without a named actor (tests, the demo seed) are recorded as the system. */
const UNNAMED_SYSTEM: OperatorActor = { actorType: 'system', actorId: null };

/** A strong first password when none is given: 24 base64url characters, shown once. */
export function generateOperatorPassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}

/** The operator row as the API lists it (never a hash or secret). */
export function operatorView(r: OperatorRow) {
  return {
    operatorId: r.id,
    username: r.username,
    role: r.role,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    totpEnrolled: r.totpEnrolled,
    failedCodes:
      r.totpFailures > 0
        ? { count: r.totpFailures, lastAt: r.totpFailedAt?.toISOString() ?? null, lastIp: r.totpFailedIp }
        : null,
  };
}
export type OperatorView = ReturnType<typeof operatorView>;

/** What the audit log keeps of an operator: never the hash or the TOTP secret. */
function auditState(r: Pick<OperatorRow, 'username' | 'role' | 'status'>) {
  return { username: r.username, role: r.role, status: r.status };
}

function isSelf(actor: OperatorActor, row: OperatorRow): boolean {
  return actor.actorType === 'operator' && actor.actorId === row.id;
}

/**
 * Operator accounts: create, disable and enable, change role, reset two-factor. Every change is
 * audited in its transaction with the actor, reason, before and after. Admins never disable or
 * demote themselves (OPERATOR_SELF_CHANGE), and the last active admin stays (OPERATOR_LAST_ADMIN):
 * the active admins' rows are locked first, in id order, so two admins removing each other at
 * once queue and the second sees one admin left.
 */
export function createOperatorAdmin(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  hasher: PasswordHasher;
  now: () => number;
}) {
  const { db, audit, hasher, now } = deps;

  /** Lock the target after the active admins; refuse self-changes and removing the last admin. */
  async function lockForChange(
    trx: Db,
    actor: OperatorActor,
    username: string,
    removesAdmin: (row: OperatorRow) => boolean,
  ): Promise<OperatorRow> {
    const admins = await lockActiveAdmins(trx);
    const row = await lockOperatorByUsername(trx, username.trim().toLowerCase());
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'No such operator');
    if (isSelf(actor, row))
      throw new AppError(ErrorCode.OPERATOR_SELF_CHANGE, 'You may not disable or demote your own account');
    if (removesAdmin(row) && admins.length <= 1 && admins.includes(row.id)) {
      throw new AppError(ErrorCode.OPERATOR_LAST_ADMIN, 'The last active admin cannot be disabled or demoted');
    }
    return row;
  }

  return {
    /** Create an operator; the password is hashed like a member password. Audited (`operator.create`). */
    async createOperator(
      input: { username: string; role: OpsRole; password: string },
      by: { actor: OperatorActor; reason: string | null } = { actor: UNNAMED_SYSTEM, reason: null },
    ): Promise<{ operatorId: string; username: string; role: OpsRole }> {
      const username = input.username.trim().toLowerCase();
      if (!OPERATOR_USERNAME_PATTERN.test(username)) {
        throw new AppError(
          ErrorCode.VALIDATION_FAILED,
          'Operator usernames are 3–32 characters: a letter, then letters, digits, _ . -',
        );
      }
      if (!OPS_ROLES.includes(input.role))
        throw new AppError(ErrorCode.VALIDATION_FAILED, `Role must be one of ${OPS_ROLES.join(', ')}`);
      if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
        throw new AppError(
          ErrorCode.PASSWORD_TOO_WEAK,
          `Operator passwords are ${MIN_PASSWORD_LENGTH}–${MAX_PASSWORD_LENGTH} characters`,
        );
      }
      const passwordHash = await hasher.hash(input.password);
      const operatorId = await runInTransaction(db, async (trx) => {
        const id = await insertOperator(trx, { username, role: input.role, passwordHash });
        if (!id) return undefined;
        await audit.record(trx, {
          ...by.actor,
          action: 'operator.create',
          subjectType: 'operator',
          subjectId: id,
          reason: by.reason,
          before: null,
          after: { username, role: input.role, status: 'active' },
        });
        return id;
      });
      if (!operatorId) throw new AppError(ErrorCode.USERNAME_TAKEN, 'This operator username is taken');
      return { operatorId, username, role: input.role };
    },

    /**
     * Disable (every session ends at once) or re-enable an operator; audited with the actor.
     * Unknown username: 404 NOT_FOUND.
     */
    async setOperatorStatus(
      actor: OperatorActor,
      username: string,
      status: 'active' | 'disabled',
      reason: string | null,
    ): Promise<OperatorView> {
      return runInTransaction(db, async (trx) => {
        const row = await lockForChange(
          trx,
          actor,
          username,
          (r) => status === 'disabled' && r.role === 'admin' && r.status === 'active',
        );
        await setOperatorStatusById(trx, row.id, status);
        if (status === 'disabled') await revokeOperatorSessions(trx, row.id, new Date(now()));
        await audit.record(trx, {
          ...actor,
          action: status === 'disabled' ? 'operator.disable' : 'operator.enable',
          subjectType: 'operator',
          subjectId: row.id,
          reason,
          before: auditState(row),
          after: auditState({ ...row, status }),
        });
        return operatorView({ ...row, status });
      });
    },

    /** Change an operator's role; it applies from their next call (roles are read per request). Audited. */
    async changeRole(actor: OperatorActor, username: string, role: OpsRole, reason: string): Promise<OperatorView> {
      return runInTransaction(db, async (trx) => {
        const row = await lockForChange(
          trx,
          actor,
          username,
          (r) => role !== 'admin' && r.role === 'admin' && r.status === 'active',
        );
        await updateOperatorRole(trx, row.id, role);
        await audit.record(trx, {
          ...actor,
          action: 'operator.role',
          subjectType: 'operator',
          subjectId: row.id,
          reason,
          before: auditState(row),
          after: auditState({ ...row, role }),
        });
        return operatorView({ ...row, role });
      });
    },

    /**
     * Forget an operator's TOTP: every session ends and the next login with the right password
     * enrols again. Audited with the actor and reason. An admin may not reset their own (another
     * admin, or the CLI, must). Returns false for an unknown username.
     */
    async resetTotp(actor: OperatorActor, username: string, reason: string): Promise<boolean> {
      const name = username.trim().toLowerCase();
      const row = await findOperatorByUsername(db, name);
      if (!row) return false;
      if (isSelf(actor, row))
        throw new AppError(ErrorCode.OPERATOR_FORBIDDEN, 'Another admin must reset your two-factor login');
      await runInTransaction(db, async (trx) => {
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

    /** Every operator (no password hashes), oldest first. */
    async listOperators(): Promise<OperatorView[]> {
      return (await findOperators(db)).map(operatorView);
    },

    /** One operator by username, or undefined. */
    async findOperator(username: string): Promise<OperatorView | undefined> {
      const row = await findOperatorByUsername(db, username.trim().toLowerCase());
      return row && operatorView(row);
    },

    /** Usernames of operator ids (for naming actors in the audit log). */
    namesOf: (ids: readonly string[]) => findOperatorNames(db, ids),
  };
}
