import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import { findPaymentPasswordForUpdate } from '../member/member-security-columns';
import {
  clearPaymentPassword,
  findAllBanks,
  findBankForUpdate,
  upsertBank,
  type BankAdminRow,
} from './security.repository';

/** Who acts: an operator, or the system (the ops CLI names the OS user). */
export type SecurityActor = { actorType: AuditActorType; actorId: string | null };

type SecurityAdminContext = { db: Kysely<Database>; audit: Pick<AuditService, 'record'> };

const BANK_CODE = /^[A-Za-z0-9_-]{1,16}$/;

/** Thrown for a request the operator must fix (bad code, unknown account). */
export class SecurityAdminError extends Error {}

/**
 * Operator tasks of the security centre: the bank list and the payment-password reset a player
 * cannot do alone. Each change and its audit entry commit together.
 */
export function createSecurityAdminService(ctx: SecurityAdminContext) {
  const { db, audit } = ctx;

  return {
    /** Every bank with its switch and order. */
    listBanks(): Promise<BankAdminRow[]> {
      return findAllBanks(db);
    },

    /** Add a bank or rename/reorder one; a new bank is enabled. */
    async saveBank(actor: SecurityActor, input: { code: string; name: string; sortOrder?: number | undefined }): Promise<BankAdminRow> {
      const code = input.code.trim();
      const name = input.name.trim().replace(/\s+/g, ' ');
      if (!BANK_CODE.test(code)) throw new SecurityAdminError('not a valid bank code: 1-16 letters, digits, _ or -');
      if (name.length < 1 || name.length > 128) throw new SecurityAdminError('not a valid bank name: 1-128 characters');
      if (input.sortOrder !== undefined && !Number.isInteger(input.sortOrder)) throw new SecurityAdminError('not a valid sort order');
      return db.transaction().execute(async (trx) => {
        const before = await findBankForUpdate(trx, code);
        const after: BankAdminRow = { code, name, enabled: before?.enabled ?? true, sortOrder: input.sortOrder ?? before?.sortOrder ?? 1000 };
        await upsertBank(trx, after);
        await audit.record(trx, { ...actor, action: 'bank.save', subjectType: 'bank', subjectId: code, reason: null, before: before ?? null, after });
        return after;
      });
    },

    /** Offer a bank for new accounts, or stop offering it (bound accounts keep it). */
    async setBankEnabled(actor: SecurityActor, code: string, enabled: boolean, reason: string | null = null): Promise<BankAdminRow> {
      return db.transaction().execute(async (trx) => {
        const before = await findBankForUpdate(trx, code.trim());
        if (!before) throw new SecurityAdminError(`not a known bank: ${code}`);
        const after = { ...before, enabled };
        await upsertBank(trx, after);
        await audit.record(trx, {
          ...actor,
          action: enabled ? 'bank.enable' : 'bank.disable',
          subjectType: 'bank',
          subjectId: before.code,
          reason,
          before,
          after,
        });
        return after;
      });
    },

    /**
     * Remove a member's payment password (they forgot it), clearing its tries and lock, so they
     * set a new one in the security centre. The hash itself never reaches the audit log.
     */
    async resetPaymentPassword(actor: SecurityActor, account: string, reason: string): Promise<{ memberId: string }> {
      if (!reason.trim()) throw new SecurityAdminError('not a valid call: a reason is required');
      return db.transaction().execute(async (trx) => {
        const member = await findPaymentPasswordForUpdate(trx, account);
        if (!member) throw new SecurityAdminError(`not a known account: ${account}`);
        await clearPaymentPassword(trx, member.id);
        await audit.record(trx, {
          ...actor,
          action: 'member.payment_password.reset',
          subjectType: 'member',
          subjectId: member.id,
          reason: reason.trim(),
          before: { hasPaymentPassword: member.paymentPasswordHash !== null },
          after: { hasPaymentPassword: false },
        });
        return { memberId: member.id };
      });
    },
  };
}

export type SecurityAdminService = ReturnType<typeof createSecurityAdminService>;
