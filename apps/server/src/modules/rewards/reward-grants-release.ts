import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type { MoneyWaitReason } from '@wps/shared/schemas/operator-money';
import type { OpsGrant } from '@wps/shared/schemas/rewards';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { MoneyDecision, OperatorMoneyPolicy } from '../operator-money/operator-money-policy';
import { lockGrant, markPaid, markReleaseAsked, type GrantRow } from './reward-grants.repository';
import type { RewardKind } from './reward-grants.types';

type Db = Kysely<Database>;

/** The kinds whose amount is money (minor units of the operator's currency); points, tickets and steps are not. */
const MONEY_KINDS: ReadonlySet<RewardKind> = new Set(['cash', 'bonus']);

export type ReleaseContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** Required, never defaulted: a guard of money fails closed (docs/decisions.md, "Operator money policy"). */
  moneyPolicy: Pick<OperatorMoneyPolicy, 'decide'>;
  /** Pays a grant by the sink of its kind, in the caller's transaction. */
  pay: (trx: Db, row: GrantRow) => Promise<void>;
  toView: (row: GrantRow) => OpsGrant;
};

/**
 * The release of a held grant (a referral that looked abused, checked and found fair). A grant of
 * money asks the operator money policy in the release's transaction, after the grant's row lock
 * and before its payer posts: within the thresholds it is paid at once, as before; above them it
 * stays held with the operator who asked and the thresholds passed, until an operator other than
 * the asker, holding the kind's approval permission, approves it (the policy decides again with
 * the approver, and counts the credit as the asker's). Deciding locks the grant's row, so of two
 * approvals one pays and the other finds it paid (GRANT_NOT_HELD).
 */
export function createGrantRelease(ctx: ReleaseContext) {
  const { db, audit, moneyPolicy, pay, toView } = ctx;

  async function lockHeld(trx: Db, grantId: string): Promise<GrantRow> {
    const row = await lockGrant(trx, grantId);
    if (!row) throw new AppError(ErrorCode.GRANT_NOT_FOUND, 'No such reward');
    if (row.status !== 'held')
      throw new AppError(ErrorCode.GRANT_NOT_HELD, 'This reward is not held for review', { status: row.status });
    return row;
  }

  function decide(trx: Db, row: GrantRow, askedBy: string, approver: { operatorId: string; role: OpsRole } | null) {
    return moneyPolicy.decide(trx, {
      kind: 'reward_release',
      reference: `reward-release:${row.id}`,
      direction: 'credit',
      operatorId: askedBy,
      playerId: String(row.memberId),
      amountMinor: BigInt(row.amount),
      approver,
    });
  }

  const policyNote = (d: MoneyDecision) => ({ waitReasons: d.reasons, limits: d.limits, totalsBefore: d.totalsBefore });

  /** Pay the held grant now, audited as `reward.release` with who asked and who approved. */
  async function payOut(
    trx: Db,
    row: GrantRow,
    by: { actorId: string; askedBy: string; approvedBy: string | null; reason: string },
    decision: MoneyDecision | null,
  ): Promise<OpsGrant> {
    await markPaid(trx, String(row.id), by.actorId);
    await pay(trx, row);
    const after = (await lockGrant(trx, String(row.id)))!;
    await audit.record(trx, {
      actorType: 'operator',
      actorId: by.actorId,
      action: 'reward.release',
      subjectType: 'reward_grant',
      subjectId: String(row.id),
      reason: by.reason,
      before: { status: row.status },
      after: {
        status: after.status,
        kind: row.kind,
        amount: String(row.amount),
        askedBy: by.askedBy,
        approvedBy: by.approvedBy,
        ...(decision ? { policy: policyNote(decision) } : {}),
      },
    });
    return toView(after);
  }

  return {
    /** POST /ops/rewards/grants/:id/release: paid now, or (money above the thresholds) waiting for a second operator. */
    async release(operatorId: string, grantId: string, reason: string): Promise<OpsGrant> {
      return runInTransaction(db, async (trx) => {
        const row = await lockHeld(trx, grantId);
        if (row.releaseAskedBy !== null)
          throw new AppError(ErrorCode.GRANT_RELEASE_WAITING, 'This release already waits for a second operator', {
            askedBy: String(row.releaseAskedBy),
          });
        const isMoney = MONEY_KINDS.has(row.kind as RewardKind);
        const decision = isMoney ? await decide(trx, row, operatorId, null) : null;
        if (decision?.outcome === 'wait') {
          const waiting = await markReleaseAsked(trx, grantId, { operatorId, waitReasons: decision.reasons, reason });
          await audit.record(trx, {
            actorType: 'operator',
            actorId: operatorId,
            action: 'reward.release_request',
            subjectType: 'reward_grant',
            subjectId: grantId,
            reason,
            before: { status: row.status },
            after: { status: waiting.status, kind: row.kind, amount: String(row.amount), policy: policyNote(decision) },
          });
          return toView(waiting);
        }
        return payOut(trx, row, { actorId: operatorId, askedBy: operatorId, approvedBy: null, reason }, decision);
      });
    },

    /** POST /ops/rewards/grants/:id/release/approve: a second operator pays a release that waited; never the asker. */
    async approveRelease(
      approver: { operatorId: string; role: OpsRole },
      grantId: string,
      reason: string,
    ): Promise<OpsGrant> {
      return runInTransaction(db, async (trx) => {
        const row = await lockHeld(trx, grantId);
        if (row.releaseAskedBy === null)
          throw new AppError(ErrorCode.GRANT_RELEASE_NOT_WAITING, 'No release of this reward waits for approval');
        const askedBy = String(row.releaseAskedBy);
        const decision = await decide(trx, row, askedBy, approver);
        return payOut(
          trx,
          row,
          { actorId: approver.operatorId, askedBy, approvedBy: approver.operatorId, reason },
          decision,
        );
      });
    },
  };
}

/** The waiting release's fields of the back office's grant view. */
export function releaseFields(
  row: GrantRow,
): Pick<OpsGrant, 'releaseAskedBy' | 'releaseAskedAt' | 'releaseWaitReasons'> {
  return {
    releaseAskedBy: row.releaseAskedBy === null ? null : String(row.releaseAskedBy),
    releaseAskedAt: row.releaseAskedAt ? new Date(row.releaseAskedAt).toISOString() : null,
    releaseWaitReasons: row.releaseWaitReasons as MoneyWaitReason[],
  };
}
