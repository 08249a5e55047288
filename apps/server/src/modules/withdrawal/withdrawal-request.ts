import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import { maskPixKey } from '@wps/shared/pix-key';
import type {
  CreateWithdrawalBody,
  WithdrawBankAccount,
  WithdrawInfo,
  WithdrawalOrder,
} from '@wps/shared/schemas/withdrawal';
import { amountFromWire } from '../../http/amount';
import { AppError } from '../../http/app-error';
import { decideOnce, replayStoredRefusal, type RefusalKey } from './stored-refusal';
import {
  maskAccountNumber,
  present,
  startOfUtcDay,
  type WithdrawalContext,
  type WithdrawalCore,
} from './withdrawal-shared';
import {
  countOrdersSince,
  findMemberOrders,
  findOrder,
  findOrderByKey,
  insertOrder,
  lockMemberWithdrawals,
  type WithdrawalRow,
} from './withdrawal.repository';

const RECENT_ORDERS = 20;

/** The stored order when a retry asks for the same withdrawal; IDEMPOTENCY_CONFLICT when the key was used for another. */
function sameRequestOrConflict(order: WithdrawalRow, amount: bigint, bankAccountId: string): WithdrawalRow {
  if (order.amount !== amount || order.bankAccountId !== bankAccountId) {
    throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'Idempotency key was already used for a different withdrawal');
  }
  return order;
}

/** The player's side of a withdrawal request: the form data and the request itself. */
export function createWithdrawalRequests(ctx: WithdrawalContext, core: WithdrawalCore) {
  const { db, system, ledger, security } = ctx;

  return {
    /** GET /wps/withdraw/info: what the form needs, plus the player's recent orders. */
    async getInfo(memberId: string): Promise<WithdrawInfo> {
      const brand = await system.getBrand();
      const settings = await core.getSettings();
      const [balance, todayCount, accounts, hasPaymentPassword, orders] = await Promise.all([
        ledger.getPlayerBalance(memberId, brand.currency),
        countOrdersSince(db, memberId, startOfUtcDay(core.now())),
        security.listBankAccounts(memberId),
        security.hasPaymentPassword(memberId),
        findMemberOrders(db, memberId, RECENT_ORDERS),
      ]);
      const bankAccounts: WithdrawBankAccount[] = accounts.map((a) => ({
        id: a.id,
        bankCode: a.bankCode,
        bankName: a.bankName,
        accountNumberMasked: maskAccountNumber(a.accountNumber),
        holderName: a.holderName,
        pixKeyType: a.pixKeyType,
        pixKeyMasked: a.pixKeyType && a.pixKey ? maskPixKey(a.pixKeyType, a.pixKey) : null,
      }));
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        withdrawable: formatMinor(balance, brand.currencyScale),
        withdrawableMinor: balance.toString(),
        minAmount: formatMinor(BigInt(settings.minAmountMinor), brand.currencyScale),
        maxAmount: formatMinor(BigInt(settings.maxAmountMinor), brand.currencyScale),
        dailyCountLimit: settings.dailyCountLimit,
        todayCount,
        autoReceiptMinutes: settings.autoReceiptMinutes,
        hasPaymentPassword,
        bankAccounts,
        orders: orders.map((o) => present(o, brand.currencyScale)),
      };
    },

    /**
     * POST /wps/withdraw/orders: check the limits, the payment password and the bank account,
     * then move the amount into the withdrawal hold in one ledger transaction. The same
     * idempotency key returns the same order, or the same final refusal (stored-refusal.ts):
     * a request refused for funds or the daily limit stays refused under its key.
     */
    async createOrder(memberId: string, body: CreateWithdrawalBody): Promise<WithdrawalOrder> {
      const brand = await system.getBrand();
      const settings = await core.getSettings();
      const amount = amountFromWire(body.amount, { field: 'body.amount', scale: brand.currencyScale });
      const key = body.idempotencyKey.trim();
      const refusalKey: RefusalKey = {
        scope: 'withdrawal',
        memberId: String(memberId),
        idempotencyKey: key,
        fingerprint: `${amount}:${body.bankAccountId}`,
      };

      const replay = await findOrderByKey(db, memberId, key);
      if (replay) return present(sameRequestOrConflict(replay, amount, body.bankAccountId), brand.currencyScale);
      await replayStoredRefusal(db, refusalKey);
      // Under a licence that asks for it, no money leaves before the player's identity is verified.
      if (await ctx.identityCheckPending?.(memberId))
        throw new AppError(ErrorCode.KYC_REQUIRED, 'Verify your identity before withdrawing');
      if (amount < BigInt(settings.minAmountMinor)) {
        throw new AppError(ErrorCode.WITHDRAWAL_AMOUNT_BELOW_MIN, 'The amount is below the minimum', {
          min: formatMinor(BigInt(settings.minAmountMinor), brand.currencyScale),
        });
      }
      if (amount > BigInt(settings.maxAmountMinor)) {
        throw new AppError(ErrorCode.WITHDRAWAL_AMOUNT_ABOVE_MAX, 'The amount is above the maximum', {
          max: formatMinor(BigInt(settings.maxAmountMinor), brand.currencyScale),
        });
      }
      // Outside the transaction: the security centre counts wrong tries, and that count must stick.
      await security.verifyPaymentPassword(memberId, body.paymentPassword);
      const bank = await security.getBankAccount(memberId, body.bankAccountId);

      const outcome = await core.inTransaction(async (trx) => {
        await lockMemberWithdrawals(trx, memberId);
        // A parallel request with the same key may have committed while we checked the password.
        const existing = await findOrderByKey(trx, memberId, key);
        if (existing) return { value: sameRequestOrConflict(existing, amount, body.bankAccountId) };
        // The licence's money.out door, under the member's lock and before anything is held or stored
        // as a refusal: a player it refuses (BR: no CPF yet) may ask again once identified.
        if (ctx.licence) await ctx.licence.ask(trx, 'money.out', { memberId });
        // Running bonuses: refused until the player confirms (outside the stored refusal, so the
        // confirmed retry may use the same key), then forfeited only once the order exists below.
        const forfeitBonuses = await ctx.bonus.prepareForfeit(trx, memberId, brand.currency, {
          confirmed: body.forfeitBonus === true,
          by: 'withdrawal',
        });
        // The money step: under the member's lock, so its refusal and an order never both exist for the key.
        return decideOnce(trx, refusalKey, async () => {
          const todayCount = await countOrdersSince(trx, memberId, startOfUtcDay(core.now()));
          if (todayCount >= settings.dailyCountLimit) {
            throw new AppError(ErrorCode.WITHDRAWAL_DAILY_LIMIT_REACHED, 'The daily number of withdrawals is reached', {
              limit: settings.dailyCountLimit,
            });
          }
          const walletId = await ledger.ensurePlayerWallet(trx, memberId, brand.currency);
          const hold = await ledger.createHold(
            {
              sourceAccountId: walletId,
              amountMinor: amount,
              kind: 'withdrawal',
              idempotencyKey: `withdrawal:${memberId}:${key}`,
              holdPurpose: 'withdrawal_hold',
              reference: `withdrawal-request:${memberId}:${key}`,
              metadata: { memberId: String(memberId) },
            },
            trx,
          );
          const id = await insertOrder(trx, {
            memberId,
            idempotencyKey: key,
            amount,
            currency: brand.currency,
            holdId: hold.holdId,
            bankAccountId: bank.id,
            bankCode: bank.bankCode,
            bankName: bank.bankName,
            accountNumber: bank.accountNumber,
            holderName: bank.holderName,
            pixKeyType: bank.pixKeyType,
            pixKey: bank.pixKey,
            createdAt: core.now(),
            reviewDueAt: new Date(core.now().getTime() + settings.reviewDeadlineHours * 3_600_000),
          });
          const created = await findOrder(trx, id);
          if (!created) throw new Error(`withdrawal ${id} vanished inside its transaction`);
          await forfeitBonuses();
          return created;
        });
      });
      if ('refused' in outcome) throw outcome.refused;
      ctx.metrics?.withdrawal(outcome.value.status);
      return present(outcome.value, brand.currencyScale);
    },
  };
}
