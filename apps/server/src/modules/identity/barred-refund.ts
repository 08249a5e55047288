import type { Kysely } from 'kysely';
import { maskCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import type { BarredRefund } from '@wps/shared/schemas/identity';
import type { WithdrawalStatus } from '@wps/shared/schemas/withdrawal';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { WithdrawalService } from '../withdrawal/withdrawal.service';
import { linkRefund, lockHit } from './identity.repository';

type Db = Kysely<Database>;

/** The withdrawal module's payout, as the refund uses it (services.ts). */
type BarredPayoutPort = Pick<WithdrawalService, 'preparePayout' | 'findMemberOrder'>;

/** An order that paid the money out: approved (paid), then the player's answer. A pending or disputed one is still on its way. */
const PAID: readonly WithdrawalStatus[] = ['approved', 'completed'];

/**
 * A barred player's refund (docs/compliance.md, "Barred persons"): the
 * balance goes back as a PIX payout, never an adjustment. An operator opens it on a hit: the
 * withdrawal module holds the whole main-wallet balance and makes an order (origin
 * `barred_refund`) to a PIX key the member bound (their own CPF's under BR, checked when it was
 * bound), which then waits in the withdrawal queue for the usual review and four eyes. Every open
 * hit of the member points at the order, the back office links it, and the regulator's payouts
 * file carries it by its id. A hit is settled only once that order is paid.
 */
export function createBarredRefunds(ctx: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  payouts: BarredPayoutPort;
  now: () => number;
}) {
  const { db, audit, payouts } = ctx;

  /** The refund order of a hit and its status, or null without one. */
  async function refundOf(memberId: string, withdrawalId: string | null, trx?: Db) {
    if (!withdrawalId) return null;
    return (await payouts.findMemberOrder(memberId, withdrawalId, trx)) ?? null;
  }

  return {
    /**
     * POST /ops/compliance/barred-hits/:id/refund: pay the member's balance back to a PIX key of
     * theirs (`bankAccountId`, one of their bound accounts with a key; the first such when absent).
     * Refused while an earlier refund of theirs is still on its way or paid, and when the balance
     * cannot go out as a withdrawal (nothing left, no PIX key, outside the withdrawal limits,
     * identity not verified): `BARRED_REFUND_NOT_PAYABLE` with the reason. Audited.
     */
    async refund(
      operatorId: string,
      hitId: string,
      body: { bankAccountId?: string | undefined },
    ): Promise<BarredRefund> {
      // Read first, outside the transaction the payout's reads must stay out of (PGlite has one connection).
      const seen = await lockHit(db, hitId);
      if (!seen) throw new AppError(ErrorCode.BARRED_HIT_NOT_FOUND, 'No such barred-list hit');
      if (seen.status !== 'open' || !seen.memberId)
        throw new AppError(ErrorCode.BARRED_HIT_NOT_OPEN, 'This hit has nothing left to settle');
      const memberId = seen.memberId;
      const at = ctx.now();
      const payOut = await payouts.preparePayout(memberId, {
        origin: 'barred_refund',
        // '#' is outside the keys a player may send: never one of theirs. A refund rejected in
        // review can be opened again, under a new key.
        idempotencyKey: `#barred_refund:${hitId}:${at}`,
        bankAccountId: body.bankAccountId,
      });
      return runInTransaction(db, async (trx) => {
        // The hit's lock first: two operators refunding at once queue here, and the second finds the first's order.
        const hit = await lockHit(trx, hitId);
        if (!hit || hit.status !== 'open' || hit.memberId !== memberId)
          throw new AppError(ErrorCode.BARRED_HIT_NOT_OPEN, 'This hit has nothing left to settle');
        const earlier = await refundOf(memberId, hit.refundWithdrawalId, trx);
        if (earlier && earlier.status !== 'rejected')
          throw new AppError(ErrorCode.BARRED_REFUND_OPEN, 'A refund of this balance is already under way', {
            withdrawalId: earlier.id,
            status: earlier.status,
          });
        const money = await payOut(trx);
        if (money.outcome !== 'withdrawal')
          throw new AppError(ErrorCode.BARRED_REFUND_NOT_PAYABLE, 'The balance cannot be paid out as a withdrawal', {
            reason: money.outcome === 'none' ? 'nothing_to_refund' : money.reason,
            balanceMinor: money.balanceMinor.toString(),
          });
        const hits = await linkRefund(trx, memberId, money.order.id);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'barred_hit.refund',
          subjectType: 'member',
          subjectId: memberId,
          reason: 'barred player: balance refunded by PIX to their own key',
          before: {
            hit: hit.id,
            reason: hit.reason,
            cpf: maskCpf(hit.cpf),
            refundWithdrawalId: hit.refundWithdrawalId,
          },
          after: {
            withdrawalId: money.order.id,
            amountMinor: money.balanceMinor.toString(),
            pixKeyType: money.order.pixKeyType,
            hits,
          },
        });
        return {
          hitId: hit.id,
          memberId,
          withdrawalId: money.order.id,
          amountMinor: money.balanceMinor.toString(),
          currency: money.currency,
          status: money.order.status,
        };
      });
    },

    /**
     * Before a hit is settled (identity-ops.routes.ts, then `hits.settle`): a hit whose balance
     * went out as a refund is settled only once that order is paid (`BARRED_REFUND_NOT_PAID`
     * while it waits for review or is disputed). A paid order stays paid, so checking before the
     * settlement's own transaction cannot let an unpaid refund through; a refund rejected in review
     * put the money back, which the settlement's balance check then refuses.
     */
    async assertSettleable(hitId: string): Promise<void> {
      const hit = await lockHit(db, hitId);
      if (!hit?.memberId) return;
      const refund = await refundOf(hit.memberId, hit.refundWithdrawalId);
      if (refund && refund.status !== 'rejected' && !PAID.includes(refund.status))
        throw new AppError(ErrorCode.BARRED_REFUND_NOT_PAID, 'The refund has not been paid yet', {
          withdrawalId: refund.id,
          status: refund.status,
        });
    },
  };
}
