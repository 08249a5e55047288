import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type { MoneyWaitReason } from '@wps/shared/schemas/operator-money';
import type { Adjustment, AdjustmentRequestBody, AdjustmentSettings } from '@wps/shared/schemas/player-actions';
import type { AppContext } from '../../app-context';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import type { AdjustmentStatus } from '../../db/tables/players';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicencePolicy } from '../licence/licence-policy';
import { createMemberDirectory } from '../member/member-directory';
import type { MoneyLimitsService } from '../operator-money/operator-money-limits';
import type { MoneyDecision, OperatorMoneyPolicy } from '../operator-money/operator-money-policy';
import type { OperatorService } from '../operator/operator.service';
import {
  decideAdjustment,
  findAdjustment,
  findAdjustments,
  insertAdjustment,
  lockPendingAdjustment,
  markWaiting,
  type AdjustmentRow,
} from './adjustments.repository';
import type { OperatorActor } from './player-actions';

/** An operator approving an adjustment, with the role their session holds now (the policy checks it). */
export type AdjustmentApprover = OperatorActor & { role: OpsRole };
import type { PlayersService } from './players.service';

type Db = Kysely<Database>;

export type AdjustmentsContext = Pick<AppContext, 'db'> & {
  ledger: Pick<
    LedgerService,
    'getOperatorCurrency' | 'ensurePlayerWallet' | 'ensureSystemAccount' | 'postTransaction' | 'getPlayerBalance'
  >;
  audit: Pick<AuditService, 'record'>;
  operators: Pick<OperatorService, 'listOperators'>;
  players: Pick<PlayersService, 'requirePlayer'>;
  /** Required, never defaulted: a guard of money fails closed (docs/decisions.md, "Operator money policy"). */
  moneyPolicy: OperatorMoneyPolicy;
  moneyLimits: Pick<MoneyLimitsService, 'read'>;
  /**
   * The licence's door money.in, asked for a credit in the transaction that stores or posts it:
   * under a licence that identifies players no operator puts money into an account without a CPF.
   * Required, like the money policy: the port fails closed.
   */
  licence: Pick<LicencePolicy, 'ask'>;
  now?: () => number;
};

/** Trial (free-play) accounts hold demo money only: nobody adjusts it by hand. */
const TRIAL_TYPE = 4;

/** The ledger idempotency key of an adjustment's post: one post per adjustment, whoever approves it how often. */
export const adjustmentLedgerKey = (id: string): string => `adjustment:${id}`;

/**
 * Manual credits and debits of a player's main wallet against the `adjustment` system account,
 * each with a kind and a reason. Whether one posts when it is requested is the operator money
 * policy's decision, asked in the transaction that posts it, after the adjustment's row: within
 * the amount of one request and (credits) the 24-hour totals of the player and of the requester
 * it posts; otherwise it waits until an operator other than the requester approves it
 * (permission adjustments.approve), and the approval asks the policy again in its own
 * transaction. Deciding locks the pending row, so of two approvals one posts and the other
 * answers ADJUSTMENT_ALREADY_DECIDED; the post's ledger key is the adjustment id. A debit never
 * takes a wallet below zero (INSUFFICIENT_FUNDS, and nothing is stored or decided).
 */
export function createAdjustmentsService(ctx: AdjustmentsContext) {
  const { db, ledger, audit, operators, players, moneyPolicy, moneyLimits, licence } = ctx;
  const now = ctx.now ?? Date.now;
  const directory = createMemberDirectory({ db });

  async function present(rows: AdjustmentRow[], balances: Map<string, string> = new Map()): Promise<Adjustment[]> {
    const [accounts, ops] = await Promise.all([
      directory.findAccountNames(rows.map((r) => String(r.memberId))),
      rows.length ? operators.listOperators() : Promise.resolve([]),
    ]);
    const opName = new Map(ops.map((o) => [String(o.operatorId), o.username]));
    return rows.map((r) => ({
      id: String(r.id),
      memberId: String(r.memberId),
      account: accounts.get(String(r.memberId)) ?? '',
      direction: r.direction,
      kind: r.kind,
      amountMinor: String(r.amount),
      currency: r.currency,
      reason: r.reason,
      status: r.status,
      thresholdMinor: String(r.threshold),
      waitReasons: r.waitReasons as MoneyWaitReason[],
      requestedBy: String(r.requestedBy),
      requestedByName: opName.get(String(r.requestedBy)) ?? null,
      requestedAt: r.requestedAt.toISOString(),
      decidedBy: r.decidedBy === null ? null : String(r.decidedBy),
      decidedByName: r.decidedBy === null ? null : (opName.get(String(r.decidedBy)) ?? null),
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
      decisionReason: r.decisionReason,
      ledgerTransactionId: r.ledgerTransactionId === null ? null : String(r.ledgerTransactionId),
      balanceAfterMinor: balances.get(String(r.id)) ?? null,
    }));
  }

  /** Post the adjustment's money in the caller's transaction; the wallet's balance after it. */
  async function post(
    trx: Db,
    row: AdjustmentRow,
    approvedBy: string | null,
  ): Promise<{ transactionId: string; balanceAfter: string }> {
    const walletId = await ledger.ensurePlayerWallet(trx, String(row.memberId), row.currency);
    const systemId = await ledger.ensureSystemAccount('adjustment', row.currency, trx);
    const amount = BigInt(row.amount);
    const signed = row.direction === 'credit' ? amount : -amount;
    const result = await ledger.postTransaction(
      {
        kind: 'adjustment',
        idempotencyKey: adjustmentLedgerKey(String(row.id)),
        reference: adjustmentLedgerKey(String(row.id)),
        metadata: {
          adjustmentId: String(row.id),
          adjustmentKind: row.kind,
          direction: row.direction,
          requestedBy: String(row.requestedBy),
          approvedBy,
        },
        entries: [
          { accountId: walletId, amountMinor: signed },
          { accountId: systemId, amountMinor: -signed },
        ],
      },
      trx,
    );
    return { transactionId: result.transactionId, balanceAfter: result.balances[walletId] ?? '0' };
  }

  /** The policy's decision on an adjustment, in the transaction that would post it. */
  function decide(trx: Db, row: AdjustmentRow, approver: AdjustmentApprover | null): Promise<MoneyDecision> {
    return moneyPolicy.decide(trx, {
      kind: 'adjustment',
      reference: adjustmentLedgerKey(String(row.id)),
      direction: row.direction,
      operatorId: String(row.requestedBy),
      playerId: String(row.memberId),
      amountMinor: BigInt(row.amount),
      approver: approver && { operatorId: approver.actorId, role: approver.role },
    });
  }

  /** A credit asks the licence's door money.in for its player (a debit takes money out of the account; no door). */
  async function askLicence(trx: Db, row: AdjustmentRow): Promise<void> {
    if (row.direction === 'credit') await licence.ask(trx, 'money.in', { memberId: String(row.memberId) });
  }

  /** What the audit keeps of a decision: the thresholds passed and the 24-hour totals before it. */
  const policyNote = (d: MoneyDecision) => ({ waitReasons: d.reasons, limits: d.limits, totalsBefore: d.totalsBefore });

  /** The pending row locked for a decision by `actor`, or the refusal that explains why not. */
  async function lockForDecision(trx: Db, actor: OperatorActor, id: string): Promise<AdjustmentRow> {
    const row = await lockPendingAdjustment(trx, id);
    if (!row) {
      const existing = await findAdjustment(trx, id);
      if (!existing) throw new AppError(ErrorCode.ADJUSTMENT_NOT_FOUND, 'No such adjustment');
      throw new AppError(ErrorCode.ADJUSTMENT_ALREADY_DECIDED, 'This adjustment was already decided', {
        status: existing.status,
      });
    }
    if (String(row.requestedBy) === actor.actorId) {
      throw new AppError(ErrorCode.ADJUSTMENT_OWN_REQUEST, 'Another operator must decide an adjustment you requested');
    }
    return row;
  }

  async function getSettings(): Promise<AdjustmentSettings> {
    return { approvalThresholdMinor: (await moneyLimits.read()).limits.perRequestMinor };
  }

  const snapshot = (r: AdjustmentRow) => ({
    status: r.status,
    direction: r.direction,
    kind: r.kind,
    amountMinor: String(r.amount),
    currency: r.currency,
    requestedBy: String(r.requestedBy),
  });

  return {
    /**
     * POST /ops/players/:memberId/adjustments. A repeated request (same idempotencyKey) answers
     * the first adjustment; the same key for another adjustment is IDEMPOTENCY_CONFLICT.
     */
    async request(actor: OperatorActor, memberId: string, body: AdjustmentRequestBody): Promise<Adjustment> {
      const player = await players.requirePlayer(memberId);
      if (player.type === TRIAL_TYPE)
        throw new AppError(ErrorCode.NEED_TRUE_ACCOUNT, 'Trial accounts hold demo money only');
      const amount = BigInt(body.amountMinor);
      const currency = await ledger.getOperatorCurrency();
      // Early answer for a debit the wallet cannot cover now; the post itself is the guard.
      if (body.direction === 'debit') {
        const balance = await ledger.getPlayerBalance(memberId, currency);
        if (balance < amount)
          throw new AppError(ErrorCode.INSUFFICIENT_FUNDS, 'Insufficient funds', { balance: balance.toString() });
      }
      const balances = new Map<string, string>();
      const row = await runInTransaction(db, async (trx) => {
        const { row: stored, created } = await insertAdjustment(trx, {
          memberId,
          direction: body.direction,
          kind: body.kind,
          amount,
          currency,
          reason: body.reason,
          requestKey: body.idempotencyKey,
          requestedBy: actor.actorId,
        });
        if (!created) {
          const same =
            String(stored.memberId) === memberId &&
            stored.direction === body.direction &&
            stored.kind === body.kind &&
            BigInt(stored.amount) === amount;
          if (!same)
            throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'This idempotency key was used for another adjustment', {
              idempotencyKey: body.idempotencyKey,
            });
          return stored;
        }
        await askLicence(trx, stored);
        const decision = await decide(trx, stored, null);
        const threshold = BigInt(decision.limits.perRequestMinor);
        const needsApproval = decision.outcome === 'wait';
        await audit.record(trx, {
          ...actor,
          action: 'adjustment.request',
          subjectType: 'member',
          subjectId: memberId,
          reason: body.reason,
          before: null,
          after: { adjustmentId: String(stored.id), ...snapshot(stored), needsApproval, policy: policyNote(decision) },
        });
        if (needsApproval) return markWaiting(trx, String(stored.id), { threshold, waitReasons: decision.reasons });
        const posted = await post(trx, stored, null);
        balances.set(String(stored.id), posted.balanceAfter);
        const decided = await decideAdjustment(trx, String(stored.id), {
          status: 'posted',
          decidedBy: null,
          decisionReason: null,
          ledgerTransactionId: posted.transactionId,
          at: new Date(now()),
          threshold,
        });
        await audit.record(trx, {
          ...actor,
          action: 'adjustment.post',
          subjectType: 'member',
          subjectId: memberId,
          reason: body.reason,
          before: { status: 'pending' },
          after: {
            adjustmentId: String(stored.id),
            ...snapshot(decided),
            transactionId: posted.transactionId,
            balanceAfterMinor: posted.balanceAfter,
          },
        });
        return decided;
      });
      return (await present([row], balances))[0]!;
    },

    /**
     * POST /ops/adjustments/:id/approve: posts the money; never the requester's own. The policy
     * decides again here, with the approver, after the row lock: it checks the approver may approve
     * and counts the credit in the totals in this transaction.
     */
    async approve(actor: AdjustmentApprover, id: string, reason: string | null): Promise<Adjustment> {
      const balances = new Map<string, string>();
      const row = await runInTransaction(db, async (trx) => {
        const pending = await lockForDecision(trx, actor, id);
        await askLicence(trx, pending);
        const decision = await decide(trx, pending, actor);
        const posted = await post(trx, pending, actor.actorId);
        balances.set(id, posted.balanceAfter);
        const decided = await decideAdjustment(trx, id, {
          status: 'posted',
          decidedBy: actor.actorId,
          decisionReason: reason,
          ledgerTransactionId: posted.transactionId,
          at: new Date(now()),
        });
        await audit.record(trx, {
          actorType: actor.actorType,
          actorId: actor.actorId,
          action: 'adjustment.approve',
          subjectType: 'member',
          subjectId: String(pending.memberId),
          reason,
          before: { adjustmentId: id, ...snapshot(pending) },
          after: {
            adjustmentId: id,
            ...snapshot(decided),
            transactionId: posted.transactionId,
            balanceAfterMinor: posted.balanceAfter,
            approvedBy: actor.actorId,
            policy: policyNote(decision),
          },
        });
        return decided;
      });
      return (await present([row], balances))[0]!;
    },

    /** POST /ops/adjustments/:id/reject: nothing moves; never the requester's own. */
    async reject(actor: OperatorActor, id: string, reason: string): Promise<Adjustment> {
      const row = await runInTransaction(db, async (trx) => {
        const pending = await lockForDecision(trx, actor, id);
        const decided = await decideAdjustment(trx, id, {
          status: 'rejected',
          decidedBy: actor.actorId,
          decisionReason: reason,
          ledgerTransactionId: null,
          at: new Date(now()),
        });
        await audit.record(trx, {
          ...actor,
          action: 'adjustment.reject',
          subjectType: 'member',
          subjectId: String(pending.memberId),
          reason,
          before: { adjustmentId: id, ...snapshot(pending) },
          after: { adjustmentId: id, ...snapshot(decided) },
        });
        return decided;
      });
      return (await present([row]))[0]!;
    },

    /** GET /ops/adjustments: newest first, keyset-paged; `status=pending` is the approval queue. */
    async list(q: {
      status?: AdjustmentStatus | undefined;
      memberId?: string | undefined;
      cursor?: string | undefined;
      limit: number;
    }) {
      const rows = await findAdjustments(db, q);
      const more = rows.length > q.limit;
      const page = more ? rows.slice(0, q.limit) : rows;
      return { list: await present(page), nextCursor: more ? String(page[page.length - 1]!.id) : null };
    },

    getSettings,
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
