import { isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type { CentreTransferResult } from '@wps/shared/schemas/agent-centre';
import type { ConsolidatedFunds, TransferUplineBody, TransferUplineResult } from '@wps/shared/schemas/transfer';
import { amountFromWire } from '../../http/amount';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import type { BonusService } from '../bonus/bonus.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { SystemService } from '../system/system.service';

type Brand = Awaited<ReturnType<SystemService['getBrand']>>;
import { decideOnce, type RefusalKey } from '../withdrawal/stored-refusal';
import type { SecurityPort, WithdrawalService } from '../withdrawal/withdrawal.service';
import type { MemberService } from '../member/member.service';
import type { ContractFlags } from '../agents/agent-contracts';
import type { LicencePolicy } from '../licence/licence-policy';
import { lockMemberTransfers } from './transfer.repository';

export type TransferContext = Pick<AppContext, 'db'> & {
  system: Pick<SystemService, 'getBrand'>;
  ledger: LedgerService;
  security: Pick<SecurityPort, 'verifyPaymentPassword'>;
  withdrawal: Pick<WithdrawalService, 'sumPending'>;
  /** The member module answers who a member's upline agent is. */
  member: Pick<MemberService, 'findUpline' | 'findMemberBrief'>;
  /** The agents module answers the member's contract flags and what awaits its answer. */
  contracts: { findFlags: (memberId: string) => Promise<ContractFlags> };
  /** Money sent to another member forfeits the sender's running bonuses, once the sender confirmed it. */
  bonus: Pick<BonusService, 'prepareForfeit'>;
  /** The licence (modules/licence): both transfers ask the door `money.transfer` in their transaction. */
  licence: Pick<LicencePolicy, 'ask'>;
};

/** Transfers to the upline agent and the consolidated funds summary. */
export function createTransferService(ctx: TransferContext) {
  const { system, ledger, security, withdrawal, member, contracts, bonus } = ctx;

  type Move = {
    memberId: string;
    body: TransferUplineBody;
    amount: bigint;
    brand: Brand;
    toId: string;
    scope: 'transfer_upline' | 'transfer_downline';
  };

  /**
   * One ledger transaction from the member's main wallet to another member's, after the payment
   * password. Retrying with the same idempotency key returns the first result, or the same final
   * refusal (withdrawal/stored-refusal.ts). The ledger locks both wallets in its own order (by
   * account id) and refuses a balance below zero (INSUFFICIENT_FUNDS).
   *
   * Money sent to another member leaves the sender as a withdrawal does (the receiver may withdraw
   * it), so running bonuses are treated alike (docs/decisions.md, "Bonus money"): refused
   * BONUS_FORFEIT_CONFIRMATION_REQUIRED until the sender confirms (`forfeitBonus`), then forfeited
   * in the transfer's transaction once the transfer is posted. The confirmation is asked outside
   * the stored refusals, so the confirmed retry may use the same key; a transfer refused at its
   * money step forfeits nothing.
   */
  async function move({ memberId, body, amount, brand, toId, scope }: Move) {
    await security.verifyPaymentPassword(memberId, body.paymentPassword);
    const key = body.idempotencyKey.trim();
    const refusalKey: RefusalKey = {
      scope,
      memberId: String(memberId),
      idempotencyKey: key,
      fingerprint: `${amount}:${toId}`,
    };
    const prefix = scope === 'transfer_upline' ? 'transfer-upline' : 'transfer-downline';
    const target = scope === 'transfer_upline' ? 'upline' : 'downline';
    // One transaction under the member's transfer lock: the stored-refusal check, the post and
    // the refusal it may store cannot interleave with a retry of the same key (a refusal and an
    // executed transfer never both exist for one key).
    const outcome = await ledger.transaction(async (trx) => {
      await lockMemberTransfers(trx, memberId);
      // BR: no money from one player to another (no betting through someone else).
      await ctx.licence.ask(trx, 'money.transfer', { memberId: String(memberId) });
      const toAccountId = await ledger.ensurePlayerWallet(trx, toId, brand.currency);
      // The receiver's wallet is locked with the sender's money (one id-ordered lock) when bonuses run.
      const forfeitBonuses = await bonus.prepareForfeit(trx, memberId, brand.currency, {
        confirmed: body.forfeitBonus === true,
        by: 'transfer',
        alsoLock: [toAccountId],
      });
      return decideOnce(trx, refusalKey, async () => {
        const fromId = await ledger.ensurePlayerWallet(trx, memberId, brand.currency);
        const posted = await ledger.postTransaction(
          {
            kind: scope,
            idempotencyKey: `${prefix}:${memberId}:${key}`,
            reference: `${target}:${toId}`,
            metadata:
              scope === 'transfer_upline'
                ? { memberId: String(memberId), uplineId: toId }
                : { memberId: String(memberId), downlineId: toId },
            entries: [
              { accountId: fromId, amountMinor: -amount },
              { accountId: toAccountId, amountMinor: amount },
            ],
          },
          trx,
        );
        // A replay of a transfer already made moves nothing, so it forfeits nothing either.
        if (!posted.replayed) await forfeitBonuses();
        return { result: posted, fromId };
      });
    });
    if ('refused' in outcome) throw outcome.refused;
    const { result, fromId } = outcome.value;
    const balance = BigInt(result.balances[fromId] ?? '0');
    return {
      transactionId: result.transactionId,
      amount: formatMinor(amount, brand.currencyScale),
      amountMinor: amount.toString(),
      balance: formatMinor(balance, brand.currencyScale),
      balanceMinor: balance.toString(),
    };
  }

  return {
    /**
     * POST /wps/member/transfer/upline: one ledger transaction from the member's main wallet to
     * their upline agent's main wallet, after the payment password. Retrying with the same
     * idempotency key returns the first result, or the same final refusal (withdrawal/stored-refusal.ts).
     */
    async transferToUpline(memberId: string, body: TransferUplineBody): Promise<TransferUplineResult> {
      const brand = await system.getBrand();
      const amount = amountFromWire(body.amount, { field: 'body.amount', scale: brand.currencyScale });
      const upline = await member.findUpline(memberId);
      if (upline === undefined) throw new AppError(ErrorCode.UNAUTHORIZED, 'You are not logged in');
      if (upline === null) throw new AppError(ErrorCode.NO_UPLINE, 'You have no upline agent');
      if (!isAgentType(upline.uplineType) || upline.uplineStatus !== 'active' || upline.uplineId === String(memberId)) {
        throw new AppError(ErrorCode.UPLINE_TRANSFER_NOT_ALLOWED, 'Transfers to this upline are not allowed');
      }
      const moved = await move({ memberId, body, amount, brand, toId: upline.uplineId, scope: 'transfer_upline' });
      return {
        ...moved,
        upline: upline.uplineAccount,
      };
    },

    /**
     * POST /wps/agent/centre/transfer: the same one-transaction move from an agent to one of its
     * DIRECT downlines (AGENT_NOT_DIRECT_DOWNLINE for anyone else, or a disabled downline).
     */
    async transferToDownline(
      agentId: string,
      downlineId: string,
      body: TransferUplineBody,
    ): Promise<CentreTransferResult> {
      const brand = await system.getBrand();
      const amount = amountFromWire(body.amount, { field: 'body.amount', scale: brand.currencyScale });
      const [upline, brief] = await Promise.all([member.findUpline(downlineId), member.findMemberBrief(downlineId)]);
      if (!upline || upline.uplineId !== String(agentId) || !brief || brief.status !== 'active') {
        throw new AppError(ErrorCode.AGENT_NOT_DIRECT_DOWNLINE, 'Transfers go only to your direct downlines');
      }
      const moved = await move({
        memberId: agentId,
        body,
        amount,
        brand,
        toId: String(downlineId),
        scope: 'transfer_downline',
      });
      return { ...moved, downline: brief.account };
    },

    /**
     * GET /wps/member/info/funds/consolidated: the balances, and the member's agent contracts by
     * type: whether it holds a live one, and what awaits its answer (0 nothing, 1 an offer, 2 a
     * termination request from the other side).
     */
    async getConsolidated(memberId: string): Promise<ConsolidatedFunds> {
      const brand = await system.getBrand();
      const [main, pending, flags] = await Promise.all([
        ledger.getPlayerBalance(memberId, brand.currency),
        withdrawal.sumPending(memberId),
        contracts.findFlags(memberId),
      ]);
      const fmt = (v: bigint) => formatMinor(v, brand.currencyScale);
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        mainWallet: fmt(main),
        mainWalletMinor: main.toString(),
        pendingWithdrawals: fmt(pending),
        pendingWithdrawalsMinor: pending.toString(),
        total: fmt(main + pending),
        totalMinor: (main + pending).toString(),
        ...flags,
      };
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
