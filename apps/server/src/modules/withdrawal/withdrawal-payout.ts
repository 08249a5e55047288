import type { WithdrawalOrigin } from '@wps/shared/schemas/withdrawal';
import type { BankAccount, Db, WithdrawalContext, WithdrawalCore } from './withdrawal-shared';
import {
  findOrder,
  findOrderByKey,
  insertOrder,
  lockMemberWithdrawals,
  type WithdrawalRow,
} from './withdrawal.repository';

/** Why a balance could not go out at once: it stays on the wallet, held for payout on request. */
type PayoutHeldReason = 'no_pix_key' | 'below_minimum' | 'above_maximum' | 'identity_unverified';

/** What became of a member's main-wallet balance, read under the wallet's lock. */
type BalancePayout =
  | { outcome: 'none'; balanceMinor: bigint; currency: string }
  | { outcome: 'withdrawal'; order: WithdrawalRow; balanceMinor: bigint; currency: string }
  | { outcome: 'held'; reason: PayoutHeldReason; balanceMinor: bigint; currency: string };

/**
 * Paying a member's whole balance out without their request: the balance of an account the player
 * closes (privacy module), a barred player's refund (identity module). Always the same order as a
 * player's request (withdrawal-request.ts): a ledger hold of the main wallet, one order that waits
 * for the operators' review (with its four eyes and payout checks), paid to a PIX key the player
 * bound, so the key's ownership check at binding applies (own CPF under BR: payout-ownership.ts).
 * The amount and identity rules of a request apply too; an order they refuse is not forced through:
 * the balance stays on the wallet, held, and the caller records why. No payment password: the
 * player confirmed the closure with their password, or an operator acts on a barred player's behalf.
 */
export function createWithdrawalPayouts(ctx: WithdrawalContext, core: WithdrawalCore) {
  const { system, ledger, security } = ctx;

  return {
    /**
     * Read what the payout needs outside any transaction (PGlite has one connection), and answer
     * the step to run inside the caller's: there, under the member's withdrawal lock and the
     * wallet's row lock, running bonuses are forfeited (they are not the player's money) and the
     * balance is read and held at once, so a bet or a win racing the caller waits for it: the bet
     * then finds what is left (nothing), and the payout never misses or overdraws a cent.
     * `bankAccountId` names the account (an operator's choice); without it, the first bound
     * account with a PIX key. The same `idempotencyKey` answers the same order.
     */
    async preparePayout(
      memberId: string,
      opts: {
        origin: Exclude<WithdrawalOrigin, 'request'>;
        idempotencyKey: string;
        bankAccountId?: string | undefined;
      },
    ): Promise<(trx: Db) => Promise<BalancePayout>> {
      const brand = await system.getBrand();
      const settings = await core.getSettings();
      const account: BankAccount | undefined = opts.bankAccountId
        ? await security.getBankAccount(memberId, opts.bankAccountId)
        : (await security.listBankAccounts(memberId)).find((a) => a.pixKeyType !== null && a.pixKey !== null);
      const identityPending = (await ctx.identityCheckPending?.(memberId)) ?? false;
      const currency = brand.currency;

      return async (trx) => {
        await lockMemberWithdrawals(trx, memberId);
        const replay = await findOrderByKey(trx, memberId, opts.idempotencyKey);
        if (replay) return { outcome: 'withdrawal', order: replay, balanceMinor: replay.amount, currency };
        const forfeit = await ctx.bonus.prepareForfeit(trx, memberId, currency, { confirmed: true, by: 'withdrawal' });
        await forfeit();
        const walletId = await ledger.ensurePlayerWallet(trx, memberId, currency);
        await ledger.lockAccounts(trx, [walletId]);
        const balance = await ledger.getAccountBalance(walletId, trx);
        if (balance <= 0n) return { outcome: 'none', balanceMinor: 0n, currency };
        const held = (reason: PayoutHeldReason): BalancePayout => ({
          outcome: 'held',
          reason,
          balanceMinor: balance,
          currency,
        });
        if (!account || account.pixKeyType === null || account.pixKey === null) return held('no_pix_key');
        if (identityPending) return held('identity_unverified');
        if (balance < BigInt(settings.minAmountMinor)) return held('below_minimum');
        if (balance > BigInt(settings.maxAmountMinor)) return held('above_maximum');
        const hold = await ledger.createHold(
          {
            sourceAccountId: walletId,
            amountMinor: balance,
            kind: 'withdrawal',
            idempotencyKey: `withdrawal:${memberId}:${opts.idempotencyKey}`,
            holdPurpose: 'withdrawal_hold',
            // The regulator's transactions file shows this reference: the origin is read from it.
            reference: `withdrawal-${opts.origin}:${memberId}:${opts.idempotencyKey}`,
            metadata: { memberId: String(memberId), origin: opts.origin },
          },
          trx,
        );
        const id = await insertOrder(trx, {
          memberId,
          idempotencyKey: opts.idempotencyKey,
          amount: balance,
          currency,
          holdId: hold.holdId,
          bankAccountId: account.id,
          bankCode: account.bankCode,
          bankName: account.bankName,
          accountNumber: account.accountNumber,
          holderName: account.holderName,
          pixKeyType: account.pixKeyType,
          pixKey: account.pixKey,
          createdAt: core.now(),
          reviewDueAt: new Date(core.now().getTime() + settings.reviewDeadlineHours * 3_600_000),
          origin: opts.origin,
        });
        const order = await findOrder(trx, id);
        if (!order) throw new Error(`withdrawal ${id} vanished inside its transaction`);
        ctx.metrics?.withdrawal(order.status);
        return { outcome: 'withdrawal', order, balanceMinor: balance, currency };
      };
    },

    /** A member's order by id (another member's is undefined), in the caller's transaction when given. */
    findMemberOrder: async (memberId: string, id: string, trx?: Db): Promise<WithdrawalRow | undefined> => {
      const row = await findOrder(trx ?? ctx.db, id);
      return row && row.memberId === String(memberId) ? row : undefined;
    },
  };
}
