import { ErrorCode } from '@wps/shared/error-codes';
import {
  ACCOUNT_NUMBER_PATTERN,
  normaliseAccountNumber,
  normaliseName,
  sameName,
  type Bank,
  type BankAccountSummary,
} from '@wps/shared/schemas/security';
import { normalizePixKey, type PixKeyType } from '@wps/shared/pix-key';
import { AppError } from '../../http/app-error';
import { findPayeeName, setPayeeNameOnce } from '../member/member-security-columns';
import { findUniqueViolation } from '../../db/unique-violation';
import {
  FALLBACK_RULES,
  checkField,
  failFields,
  required,
  toBankAccount,
  toSummary,
  type BankAccount,
  type FieldFailure,
  type SecurityContext,
} from './security-helpers';
import {
  countBankAccounts,
  findBankAccount,
  findBankAccounts,
  findEnabledBank,
  findEnabledBanks,
  insertBankAccount,
  lockKey,
} from './security.repository';
import type { PayoutOwnershipCheck } from './payout-ownership';

/** The payee (real) name, set once, and the payout accounts (bank accounts and PIX keys) bound to it. */
export function createBankAccounts(ctx: SecurityContext, ownership: PayoutOwnershipCheck) {
  const { db, system } = ctx;
  const now = ctx.now ?? Date.now;

  /** Store one payout account within the operator's maximum; BANK_ACCOUNT_DUPLICATE when the member has it already. */
  async function insertWithinLimit(
    memberId: string,
    account: { bankCode: string; accountNumber: string; holderName: string; pixKeyType?: PixKeyType; pixKey?: string },
  ): Promise<string> {
    const max = (await system.getOperatorConfig()).maxBankAccountsPerMember;
    try {
      return await db.transaction().execute(async (trx) => {
        // Serialises one member's binds so parallel requests cannot pass the count together.
        await lockKey(trx, `bank-accounts:${memberId}`);
        if ((await countBankAccounts(trx, memberId)) >= max) {
          throw new AppError(ErrorCode.BANK_ACCOUNT_LIMIT_REACHED, 'You cannot add more bank accounts', { max });
        }
        return insertBankAccount(trx, { memberId, ...account, now: new Date(now()) });
      });
    } catch (err) {
      const violated = findUniqueViolation(err);
      if (violated === 'member_bank_accounts_unique_key' || violated === 'member_bank_accounts_pix_key_unique') {
        throw new AppError(ErrorCode.BANK_ACCOUNT_DUPLICATE, 'This bank account is already bound');
      }
      throw err;
    }
  }

  async function addBankAccount(
    memberId: string,
    body: { bankCode: string; accountNumber: string; holderName: string },
  ): Promise<BankAccount> {
    const payee = await findPayeeName(db, memberId);
    if (!payee) throw new AppError(ErrorCode.PAYEE_NAME_REQUIRED, 'Bind your real name before adding a bank account');
    const accountNumber = normaliseAccountNumber(body.accountNumber);
    const holder = normaliseName(body.holderName);
    const failures: FieldFailure[] = [];
    if (!accountNumber) failures.push(required('accountNumber'));
    else if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber))
      failures.push({ field: 'accountNumber', code: 'pattern', patternId: 6, min: 4, max: 20 });
    if (!holder) failures.push(required('holderName'));
    if (failures.length > 0) failFields(failures);
    const bank = await findEnabledBank(db, body.bankCode);
    if (!bank) throw new AppError(ErrorCode.BANK_NOT_SUPPORTED, 'This bank is not supported');
    if (!sameName(holder, payee)) {
      throw new AppError(ErrorCode.BANK_ACCOUNT_HOLDER_MISMATCH, 'The account holder must be your bound real name');
    }
    // Only the player's own accounts under BR: the directory must name the player's CPF as the owner.
    await ownership.checkBankAccount(memberId, bank.code, accountNumber, payee);
    const id = await insertWithinLimit(memberId, { bankCode: bank.code, accountNumber, holderName: payee });
    return {
      id,
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber,
      holderName: payee,
      pixKeyType: null,
      pixKey: null,
    };
  }

  /**
   * PUT /wps/member/pix-keys: bind a PIX key as a payout account. Needs the payee name; the PIX
   * directory names the key's account and owner, who must be the player (their CPF under BR,
   * their payee name elsewhere), at a bank the operator accepts.
   */
  async function bindPixKey(
    memberId: string,
    body: { keyType: PixKeyType; key: string },
  ): Promise<BankAccountSummary[]> {
    const payee = await findPayeeName(db, memberId);
    if (!payee) throw new AppError(ErrorCode.PAYEE_NAME_REQUIRED, 'Bind your real name before adding a PIX key');
    const key = normalizePixKey(body.keyType, body.key);
    if (!key) failFields([{ field: 'key', code: 'pattern', patternId: 0, min: 1, max: 77 }]);
    const account = await ownership.resolveKey(memberId, body.keyType, key, payee);
    const bank = await findEnabledBank(db, account.bankCode);
    if (!bank) throw new AppError(ErrorCode.BANK_NOT_SUPPORTED, 'This bank is not supported');
    await insertWithinLimit(memberId, {
      bankCode: bank.code,
      accountNumber: account.accountNumber,
      holderName: payee,
      pixKeyType: body.keyType,
      pixKey: key,
    });
    return listAccounts(memberId);
  }

  async function listAccounts(memberId: string): Promise<BankAccountSummary[]> {
    return (await findBankAccounts(db, memberId)).map(toSummary);
  }

  return {
    listAccounts,
    bindPixKey,

    /** The member's bound payee (real) name, or null. */
    async getPayeeName(memberId: string): Promise<string | null> {
      return findPayeeName(db, memberId);
    },

    /** One of the member's bank accounts, unmasked, for payouts; BANK_ACCOUNT_NOT_FOUND otherwise. */
    async getBankAccount(memberId: string, bankAccountId: string): Promise<BankAccount> {
      // Ids are bigints: anything else cannot be one of them (and must not reach a bigint cast).
      const row = /^\d{1,18}$/.test(bankAccountId) ? await findBankAccount(db, memberId, bankAccountId) : undefined;
      if (!row) throw new AppError(ErrorCode.BANK_ACCOUNT_NOT_FOUND, 'Bank account not found');
      return toBankAccount(row);
    },

    /** PUT /wps/member/payee-name: bind the real name once (operator's payeeName rule). */
    async setPayeeName(memberId: string, payeeName: string): Promise<string> {
      if (await ctx.payeeNameFromIdentity?.()) {
        throw new AppError(ErrorCode.PAYEE_NAME_FROM_IDENTITY, 'The payee name is the name on your verified document');
      }
      const name = normaliseName(payeeName);
      const rule = (await system.getRegisterSettings()).validate.payeeName ?? FALLBACK_RULES.payeeName;
      checkField('payeeName', rule, name);
      if (!(await setPayeeNameOnce(db, memberId, name))) {
        throw new AppError(ErrorCode.PAYEE_NAME_ALREADY_SET, 'The real name is already bound and cannot be changed');
      }
      return name;
    },

    /** GET /wps/member/banks. */
    async listBanks(): Promise<Bank[]> {
      return findEnabledBanks(db);
    },

    /**
     * Bind one bank account and return it (unmasked). Needs the payee name; the holder must be
     * that name (whitespace and case aside); at most the operator's maximum per member.
     */
    addBankAccount,

    /** PUT /wps/member/bank-accounts: bind one account; answers the member's accounts, masked. */
    async bindBankAccount(
      memberId: string,
      body: { bankCode: string; accountNumber: string; holderName: string },
    ): Promise<BankAccountSummary[]> {
      await addBankAccount(memberId, body);
      return listAccounts(memberId);
    },

    /** The member's bank accounts, unmasked, oldest first (for payments; never sent to the web as is). */
    async listBankAccounts(memberId: string): Promise<BankAccount[]> {
      return (await findBankAccounts(db, memberId)).map(toBankAccount);
    },
  };
}
