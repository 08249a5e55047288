import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type { OpsRaffle } from '@wps/shared/schemas/promo';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { SetupCeilings } from '../operator-money/operator-money-setups';
import { decideRaffle, findPrizes, lockRaffle, type RaffleRow } from './raffle.repository';
import { refuseRafflePrizes } from './raffle-licence';

type Db = Kysely<Database>;

/**
 * The money a raffle's prizes pay, as the set-up ceilings read it: its largest cash or bonus prize
 * (one item) and all of them together (one period: a raffle is drawn once). Points are no money.
 */
export function prizeMoney(prizes: readonly { rewardKind: string; amount: string | bigint }[]): {
  itemMinor: bigint;
  periodMinor: bigint;
} {
  let itemMinor = 0n;
  let periodMinor = 0n;
  for (const p of prizes) {
    if (p.rewardKind !== 'cash' && p.rewardKind !== 'bonus') continue;
    const amount = BigInt(p.amount);
    if (amount > itemMinor) itemMinor = amount;
    periodMinor += amount;
  }
  return { itemMinor, periodMinor };
}

type RaffleApprovalContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  setups: Pick<SetupCeilings, 'assertApprover'>;
  licenceProfile: (db: Db) => Promise<JurisdictionProfile>;
};

/**
 * A raffle whose prizes passed a set-up ceiling waits (`awaiting_approval`: hidden from players, no
 * tickets, no draw) until an operator other than its creator, holding the approval permission,
 * lets it go live or turns it down. Decided under the raffle's row lock, so two decisions at once
 * find one waiting raffle between them; audited with who made it and who decided.
 */
export function createRaffleApproval({ db, audit, setups, licenceProfile }: RaffleApprovalContext) {
  return {
    /** What the back office's list adds to a raffle: who made it, the ceilings passed, who let it go live. */
    opsFields(row: RaffleRow): Pick<OpsRaffle, 'createdBy' | 'ceilingReasons' | 'approvedBy' | 'approvedAt'> {
      return {
        createdBy: row.createdBy === null ? null : String(row.createdBy),
        ceilingReasons: row.ceilingReasons as OpsRaffle['ceilingReasons'],
        approvedBy: row.approvedBy === null ? null : String(row.approvedBy),
        approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
      };
    },

    async decide(
      approver: { operatorId: string; role: OpsRole },
      raffleId: string,
      decision: 'approve' | 'reject',
      reason: string,
    ): Promise<void> {
      await runInTransaction(db, async (trx) => {
        const raffle = await lockRaffle(trx, raffleId);
        if (!raffle) throw new AppError(ErrorCode.RAFFLE_NOT_FOUND, 'No such raffle', { raffleId });
        if (raffle.status !== 'awaiting_approval')
          throw new AppError(ErrorCode.RAFFLE_NOT_AWAITING, 'This raffle is not waiting for approval', {
            status: raffle.status,
          });
        setups.assertApprover('raffle', raffle.createdBy === null ? null : String(raffle.createdBy), approver);
        const status = decision === 'approve' ? 'open' : 'rejected';
        // The licence may have changed while it waited.
        if (status === 'open')
          await refuseRafflePrizes(
            trx,
            licenceProfile,
            (await findPrizes(trx, [raffleId])).map((p) => ({ rewardKind: p.rewardKind })),
          );
        if (!(await decideRaffle(trx, raffleId, { status, approvedBy: approver.operatorId })))
          throw new Error('raffle: the waiting raffle changed under its row lock');
        const money = prizeMoney(
          (await findPrizes(trx, [raffleId])).map((p) => ({ rewardKind: p.rewardKind, amount: p.amount })),
        );
        await audit.record(trx, {
          actorType: 'operator',
          actorId: approver.operatorId,
          action: decision === 'approve' ? 'raffle.approve' : 'raffle.reject',
          subjectType: 'raffle',
          subjectId: raffleId,
          reason,
          before: {
            status: 'awaiting_approval',
            createdBy: raffle.createdBy === null ? null : String(raffle.createdBy),
            ceilingReasons: raffle.ceilingReasons,
          },
          after: {
            status,
            approvedBy: approver.operatorId,
            largestPrizeMinor: money.itemMinor.toString(),
            prizesMinor: money.periodMinor.toString(),
          },
        });
      });
    },
  };
}
