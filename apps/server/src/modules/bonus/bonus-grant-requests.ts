import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type { BonusGrantRequest, BonusGrantRequestStatus, OpsGrantBonusAnswer } from '@wps/shared/schemas/bonus';
import type { MoneyWaitReason } from '@wps/shared/schemas/operator-money';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { MoneyDecision, OperatorMoneyPolicy } from '../operator-money/operator-money-policy';
import type { OperatorService } from '../operator/operator.service';
import type { GrantRequest, GrantStatus } from '../rewards/reward-grants.types';
import {
  decideBonusGrantRequest,
  findBonusGrantRequest,
  findBonusGrantRequests,
  insertBonusGrantRequest,
  lockWaitingBonusGrantRequest,
  markBonusRequestWaiting,
  type BonusGrantRequestRow,
} from './bonus-grant-requests.repository';

type Db = Kysely<Database>;

/** The rewards engine's issue: every bonus an operator gives is a grant like any other. */
export type IssueGrant = (
  trx: Db,
  req: GrantRequest,
) => Promise<{ grantId: string; status: GrantStatus; created: boolean }>;

export type BonusGrantRequestsContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  member: Pick<MemberService, 'findAccountNames'>;
  operators: Pick<OperatorService, 'namesOf'>;
  issueGrant: IssueGrant;
  /** Required, never defaulted: a guard of money fails closed (docs/decisions.md, "Operator money policy"). */
  moneyPolicy: Pick<OperatorMoneyPolicy, 'decide'>;
};

/** An operator's bonus for a player, as the back office asked for it (amount in minor units of the operator's currency). */
export type BonusGrantAsk = {
  memberId: string;
  amount: bigint;
  currency: string;
  params: Record<string, unknown>;
  reason: string;
  idempotencyKey: string;
};

type Approver = { operatorId: string; role: OpsRole };

/**
 * A bonus an operator gives (POST /ops/bonuses) is a request first, its own row, and the operator
 * money policy decides it in the transaction that pays it, after that row and before the grant's
 * payer posts: within the thresholds the grant is paid at once, as before; above them nothing is
 * paid and the request waits, listed on the bonus screen, until an operator other than the asker,
 * holding the kind's approval permission, approves it (granted then, the policy deciding again
 * with the approver and counting the credit as the asker's) or rejects it. Deciding locks the
 * request's row, so of two approvals one grants and the other answers BONUS_REQUEST_DECIDED.
 */
export function createBonusGrantRequests(ctx: BonusGrantRequestsContext) {
  const { db, audit, member, operators, issueGrant, moneyPolicy } = ctx;

  async function present(rows: BonusGrantRequestRow[]): Promise<BonusGrantRequest[]> {
    const opIds = rows.flatMap((r) => [String(r.requestedBy), ...(r.decidedBy ? [String(r.decidedBy)] : [])]);
    const [names, opNames] = await Promise.all([
      member.findAccountNames(rows.map((r) => String(r.memberId))),
      operators.namesOf(opIds),
    ]);
    return rows.map((r) => ({
      id: String(r.id),
      memberId: String(r.memberId),
      username: names.get(String(r.memberId)) ?? null,
      amountMinor: String(r.amount),
      currency: r.currency,
      reason: r.reason,
      status: r.status,
      waitReasons: r.waitReasons as MoneyWaitReason[],
      requestedBy: String(r.requestedBy),
      requestedByName: opNames.get(String(r.requestedBy)) ?? null,
      requestedAt: r.requestedAt.toISOString(),
      decidedBy: r.decidedBy === null ? null : String(r.decidedBy),
      decidedByName: r.decidedBy === null ? null : (opNames.get(String(r.decidedBy)) ?? null),
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
      decisionReason: r.decisionReason,
      grantId: r.grantId === null ? null : String(r.grantId),
    }));
  }

  function decide(trx: Db, row: BonusGrantRequestRow, approver: Approver | null): Promise<MoneyDecision> {
    return moneyPolicy.decide(trx, {
      kind: 'bonus_grant',
      reference: `bonus-grant:${row.id}`,
      direction: 'credit',
      operatorId: String(row.requestedBy),
      playerId: String(row.memberId),
      amountMinor: BigInt(row.amount),
      approver,
    });
  }

  const policyNote = (d: MoneyDecision) => ({ waitReasons: d.reasons, limits: d.limits, totalsBefore: d.totalsBefore });

  /** Pay the request's bonus as a grant of source 'operator', paid at once (its key: the asker's idempotency key). */
  async function grant(trx: Db, row: BonusGrantRequestRow): Promise<string> {
    const issued = await issueGrant(trx, {
      memberId: String(row.memberId),
      kind: 'bonus',
      amount: BigInt(row.amount),
      source: 'operator',
      sourceRef: `operator:${row.requestedBy}`,
      key: `ops-bonus:${row.requestKey}`,
      params: row.params,
      delivery: 'auto',
    });
    return issued.grantId;
  }

  /** The waiting request locked for `actor`'s decision, or the refusal that explains why not. */
  async function lockForDecision(trx: Db, actor: Approver, id: string): Promise<BonusGrantRequestRow> {
    const row = await lockWaitingBonusGrantRequest(trx, id);
    if (!row) {
      const existing = await findBonusGrantRequest(trx, id);
      if (!existing) throw new AppError(ErrorCode.BONUS_REQUEST_NOT_FOUND, 'No such bonus request');
      throw new AppError(ErrorCode.BONUS_REQUEST_DECIDED, 'This bonus request was already decided', {
        status: existing.status,
      });
    }
    if (String(row.requestedBy) === actor.operatorId)
      throw new AppError(ErrorCode.MONEY_OWN_REQUEST, 'Another operator must decide a bonus you asked for');
    return row;
  }

  const snapshot = (r: BonusGrantRequestRow) => ({
    requestId: String(r.id),
    status: r.status,
    amountMinor: String(r.amount),
    currency: r.currency,
    ...r.params,
  });

  return {
    /** Ask for a bonus: granted now, or waiting for a second operator. A repeated key answers the first request. */
    async ask(operatorId: string, ask: BonusGrantAsk): Promise<OpsGrantBonusAnswer> {
      return runInTransaction(db, async (trx) => {
        const { row, created } = await insertBonusGrantRequest(trx, {
          memberId: ask.memberId,
          amount: ask.amount,
          currency: ask.currency,
          params: ask.params,
          reason: ask.reason,
          requestKey: ask.idempotencyKey,
          requestedBy: operatorId,
        });
        const answer = (r: BonusGrantRequestRow, isNew: boolean): OpsGrantBonusAnswer => ({
          requestId: String(r.id),
          grantId: r.grantId === null ? null : String(r.grantId),
          created: isNew,
          status: r.status,
          waitReasons: r.waitReasons as MoneyWaitReason[],
        });
        if (!created) {
          if (String(row.memberId) !== ask.memberId || BigInt(row.amount) !== ask.amount)
            throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'This idempotency key was used for another bonus', {
              idempotencyKey: ask.idempotencyKey,
            });
          return answer(row, false);
        }
        const decision = await decide(trx, row, null);
        if (decision.outcome === 'wait') {
          const waiting = await markBonusRequestWaiting(trx, String(row.id), decision.reasons);
          await audit.record(trx, {
            actorType: 'operator',
            actorId: operatorId,
            action: 'bonus.grant_request',
            subjectType: 'member',
            subjectId: ask.memberId,
            reason: ask.reason,
            before: null,
            after: { ...snapshot(waiting), policy: policyNote(decision) },
          });
          return answer(waiting, true);
        }
        const grantId = await grant(trx, row);
        const granted = await decideBonusGrantRequest(trx, String(row.id), {
          status: 'granted',
          decidedBy: null,
          reason: null,
          grantId,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'bonus.grant',
          subjectType: 'member',
          subjectId: ask.memberId,
          reason: ask.reason,
          before: null,
          after: { grantId, ...snapshot(granted), askedBy: operatorId, approvedBy: null, policy: policyNote(decision) },
        });
        return answer(granted, true);
      });
    },

    /** POST /ops/bonuses/requests/:id/approve: grants the bonus; never the asker's own. */
    async approve(approver: Approver, id: string, reason: string): Promise<BonusGrantRequest> {
      const row = await runInTransaction(db, async (trx) => {
        const waiting = await lockForDecision(trx, approver, id);
        const decision = await decide(trx, waiting, approver);
        const grantId = await grant(trx, waiting);
        const granted = await decideBonusGrantRequest(trx, id, {
          status: 'granted',
          decidedBy: approver.operatorId,
          reason,
          grantId,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: approver.operatorId,
          action: 'bonus.grant_approve',
          subjectType: 'member',
          subjectId: String(waiting.memberId),
          reason,
          before: snapshot(waiting),
          after: {
            grantId,
            ...snapshot(granted),
            askedBy: String(waiting.requestedBy),
            approvedBy: approver.operatorId,
            policy: policyNote(decision),
          },
        });
        return granted;
      });
      return (await present([row]))[0]!;
    },

    /** POST /ops/bonuses/requests/:id/reject: nothing is paid; never the asker's own. */
    async reject(approver: Approver, id: string, reason: string): Promise<BonusGrantRequest> {
      const row = await runInTransaction(db, async (trx) => {
        const waiting = await lockForDecision(trx, approver, id);
        const rejected = await decideBonusGrantRequest(trx, id, {
          status: 'rejected',
          decidedBy: approver.operatorId,
          reason,
          grantId: null,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: approver.operatorId,
          action: 'bonus.grant_reject',
          subjectType: 'member',
          subjectId: String(waiting.memberId),
          reason,
          before: snapshot(waiting),
          after: { ...snapshot(rejected), askedBy: String(waiting.requestedBy) },
        });
        return rejected;
      });
      return (await present([row]))[0]!;
    },

    /** GET /ops/bonuses/requests: the requests in one status, newest first (waiting: the second operators' list). */
    async list(status: BonusGrantRequestStatus): Promise<{ list: BonusGrantRequest[] }> {
      return { list: await present(await findBonusGrantRequests(db, status, 200)) };
    },
  };
}

export type BonusGrantRequests = ReturnType<typeof createBonusGrantRequests>;
