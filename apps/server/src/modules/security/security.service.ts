import type { SecuritySummary } from '@wps/shared/schemas/security';
import { AppError } from '../../http/app-error';
import { ErrorCode } from '@wps/shared/error-codes';
import { createAuditService } from '../audit/audit.service';
import { createBankAccounts } from './bank-accounts';
import { createBankList } from './bank-list';
import { createContactBinding, type ContactConfirmedPort } from './contact-binding';
import { createPaymentPassword } from './payment-password';
import { createPayoutOwnership, type PayoutOwnership } from './payout-ownership';
import { maskEmail, maskMobile, type SecurityContext } from './security-helpers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findBankAccountKeys, findSecurityMember } from './security.repository';

export { PAYMENT_PASSWORD_LIMITS } from './payment-password';
export { BIND_LIMITS } from './contact-binding';
export { maskAccountNumber, type BankAccount, type SecurityOrigin } from './security-helpers';

/**
 * The member's security centre, one file per use case: the payment password (set, change, verify
 * with a try limit: payment-password.ts), the payee name and bank accounts (bank-accounts.ts), the
 * e-mail and mobile links (contact-binding.ts), and the operator's bank list (bank-list.ts,
 * for the /ops/banks routes). Payments call `verifyPaymentPassword`, `getBankAccount`,
 * `hasPaymentPassword` and `getPayeeName`.
 */
export function createSecurityService(
  ctx: SecurityContext & {
    /** Whose a payout account is: the licence's rule, the players' CPFs (the identity module), the PIX directory. */
    payoutOwnership: PayoutOwnership;
    /** Who is told of a confirmed contact (the identity module), in the link's transaction. */
    contactConfirmed: ContactConfirmedPort;
  },
) {
  const paymentPassword = createPaymentPassword(ctx);
  const ownership = createPayoutOwnership(() => ctx.payoutOwnership);
  const banks = createBankAccounts(ctx, ownership);
  const binding = createContactBinding(ctx, () => ctx.contactConfirmed);
  // The audit service holds nothing but the database (each entry is one insert in the caller's
  // transaction), so the bank list gets one over the same database, as the ops CLI does.
  const bankList = createBankList({ db: ctx.db, audit: createAuditService({ db: ctx.db }) });

  return {
    ...paymentPassword,
    ...banks,
    ...binding,
    ...bankList,

    /** Members' bank accounts as `bank:number`, by member (`trx` inside the caller's transaction). */
    findBankAccountKeys: (memberIds: string[], trx: Kysely<Database> = ctx.db) =>
      findBankAccountKeys(trx, memberIds.map(String)),

    /** GET /wps/member/security. */
    async getSummary(memberId: string): Promise<SecuritySummary> {
      const [row, accounts, config, payeeNameFromIdentity, ownAccountsOnly] = await Promise.all([
        findSecurityMember(ctx.db, memberId),
        banks.listAccounts(memberId),
        ctx.system.getOperatorConfig(),
        ctx.payeeNameFromIdentity?.() ?? false,
        ownership.ownAccountsOnly(),
      ]);
      if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'You are not logged in');
      return {
        hasPaymentPassword: row.paymentPasswordHash !== null,
        payeeName: row.payeeName,
        email: maskEmail(row.email),
        emailVerified: row.emailVerifiedAt !== null,
        mobile: maskMobile(row.dialingCode, row.mobile),
        // A number on the account is the SMS login identity: registration checked it by SMS.
        mobileVerified: row.mobile !== null,
        bankAccounts: accounts,
        maxBankAccounts: config.maxBankAccountsPerMember,
        payeeNameFromIdentity,
        ownAccountsOnly,
      };
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
