import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import { findPaymentPasswordForUpdate } from '../member/member-security-columns';
import { clearPaymentPassword } from './security.repository';

/** Who acts: an operator, or the system (the ops CLI names the OS user). */
export type SecurityActor = { actorType: AuditActorType; actorId: string | null };

type SecurityAdminContext = { db: Kysely<Database>; audit: Pick<AuditService, 'record'> };

/** Thrown for a request the operator must fix (unknown account, no reason). */
export class SecurityAdminError extends Error {}

/**
 * Operator tasks of the security centre: the payment-password reset a player cannot do alone (the
 * bank list is bank-list.ts). The change and its audit entry commit together.
 */
export function createSecurityAdminService(ctx: SecurityAdminContext) {
  const { db, audit } = ctx;

  return {
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
