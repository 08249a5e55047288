import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import {
  withdrawalSettingsSchema,
  type OpsWithdrawalOrder,
  type WithdrawalSettings,
} from '@wps/shared/schemas/withdrawal';
import { AppError } from '../../http/app-error';
import { readProofFile } from './proof-files';
import {
  findQueueExportPage,
  findQueuePage,
  queueCursorOf,
  type WithdrawalQueueCursor,
  type WithdrawalQueueFilter,
  type WithdrawalQueueOrder,
} from './withdrawal-queue';
import {
  presentForOperator,
  snapshot,
  type WithdrawalActor,
  type WithdrawalContext,
  type WithdrawalCore,
} from './withdrawal-shared';
import { decideApproval, withdrawalPolicyReference } from './withdrawal-approval';
import {
  findOrder,
  findProofs,
  lockOrder,
  markApprovalWaiting,
  updateOrderStatus,
  type WithdrawalRow,
} from './withdrawal.repository';

/** Where approved withdrawals are paid from: the house's own cash account (docs/decisions.md). */
const PAYOUT_ACCOUNT = 'house_cash' as const;

/** The operator's side: the queue, decisions, disputes, proofs and the withdrawal settings. */
export function createWithdrawalReview(ctx: WithdrawalContext, core: WithdrawalCore) {
  const { db, system, ledger, audit, messages } = ctx;

  /**
   * Operator decision on a pending order: exactly one approve or reject ever wins. An approval
   * asks the operator money policy after the order's row lock (withdrawal-approval.ts); when it
   * must wait for a second operator, it pays nothing and the order stays pending, marked.
   */
  async function decide(actor: WithdrawalActor, id: string, action: 'approve' | 'reject', reason: string | null) {
    const brand = await system.getBrand();
    const settings = await core.getSettings();
    const at = core.now();
    const row = await core.inTransaction(async (trx) => {
      const before = await lockOrder(trx, id);
      if (!before) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
      if (before.status !== 'pending') {
        throw new AppError(ErrorCode.WITHDRAWAL_ALREADY_RESOLVED, `Withdrawal is already ${before.status}`, {
          status: before.status,
        });
      }
      const decidedBy = actor.actorId ? `${actor.actorType}:${actor.actorId}` : actor.actorType;
      let policyNote: Record<string, unknown> = {};
      if (action === 'approve') {
        const approval = await decideApproval(ctx, trx, actor, before);
        policyNote = approval.note;
        if (approval.outcome === 'wait') {
          // Nothing is paid and the player is not told: for them the order is still being reviewed.
          await markApprovalWaiting(trx, id, { askedBy: actor.actorId ?? '', at, waitReasons: approval.reasons });
          const waiting = await findOrder(trx, id);
          if (!waiting) throw new Error(`withdrawal ${id} vanished inside its transaction`);
          await audit.record(trx, {
            actorType: actor.actorType,
            actorId: actor.actorId,
            action: 'withdrawal.approve_request',
            subjectType: 'withdrawal',
            subjectId: id,
            reason,
            before: snapshot(before),
            after: { ...snapshot(waiting), ...policyNote },
          });
          return waiting;
        }
        const payoutId = await ledger.ensureSystemAccount(PAYOUT_ACCOUNT, before.currency, trx);
        await ledger.postHold(
          {
            holdId: before.holdId,
            destinationAccountId: payoutId,
            kind: 'withdrawal_payout',
            idempotencyKey: `withdrawal:${id}:approve`,
            metadata: { withdrawalId: id },
          },
          trx,
        );
        const deadline = new Date(at.getTime() + settings.autoReceiptMinutes * 60_000);
        await updateOrderStatus(trx, id, 'pending', {
          status: 'approved',
          decidedAt: at,
          decidedBy,
          confirmDeadline: deadline,
        });
      } else {
        await ledger.voidHold(
          {
            holdId: before.holdId,
            kind: 'withdrawal_reversal',
            idempotencyKey: `withdrawal:${id}:reject`,
            metadata: { withdrawalId: id },
          },
          trx,
        );
        await updateOrderStatus(trx, id, 'pending', {
          status: 'rejected',
          decidedAt: at,
          decidedBy,
          rejectReason: reason ?? '',
        });
      }
      const after = await findOrder(trx, id);
      if (!after) throw new Error(`withdrawal ${id} vanished inside its transaction`);
      await audit.record(trx, {
        actorType: actor.actorType,
        actorId: actor.actorId,
        action: `withdrawal.${action}`,
        subjectType: 'withdrawal',
        subjectId: id,
        reason,
        before: snapshot(before),
        after: { ...snapshot(after), ...policyNote },
      });
      await messages.notify(trx, {
        memberId: before.memberId,
        kind: action === 'approve' ? 'withdrawal_approved' : 'withdrawal_rejected',
        params: {
          orderId: id,
          amount: formatMinor(before.amount, brand.currencyScale),
          currency: before.currency,
          ...(action === 'reject' && reason ? { reason: reason.slice(0, 200) } : {}),
        },
      });
      return after;
    });
    if (row.status !== 'pending') ctx.metrics?.withdrawal(row.status);
    return operatorView(row, brand.currencyScale);
  }

  /** Orders as the operator sees them, with their players' account names, alerts and operators' names read once per page. */
  async function operatorViews(rows: WithdrawalRow[], scale: number): Promise<OpsWithdrawalOrder[]> {
    const [names, alerts] = await Promise.all([
      ctx.member.findAccountNames(rows.map((r) => r.memberId)),
      ctx.payoutChecks.alertsFor(
        db,
        rows.map((r) => withdrawalPolicyReference(r.id)),
      ),
    ]);
    const operatorIds = new Set([
      ...rows.flatMap((r) => (r.approvalAskedBy ? [r.approvalAskedBy] : [])),
      ...alerts.map((a) => a.operatorId),
    ]);
    const operatorNames = operatorIds.size > 0 ? await ctx.operatorNames([...operatorIds]) : new Map<string, string>();
    return rows.map((r) =>
      presentForOperator(r, scale, {
        account: names.get(r.memberId) ?? '',
        operatorNames,
        alerts: alerts.filter((a) => a.reference === withdrawalPolicyReference(r.id)),
        now: core.now(),
      }),
    );
  }

  async function operatorView(row: WithdrawalRow, scale: number): Promise<OpsWithdrawalOrder> {
    return (await operatorViews([row], scale))[0]!;
  }

  return {
    /** GET /ops/withdrawals: the queue, filtered and sorted (oldest first unless asked otherwise). */
    async listForOperator(
      q: WithdrawalQueueFilter & Partial<WithdrawalQueueOrder> & { page: number; pageSize: number },
    ): Promise<OpsPage<OpsWithdrawalOrder>> {
      const brand = await system.getBrand();
      const { rows, total } = await findQueuePage(
        db,
        q,
        { sort: q.sort ?? 'createdAt', order: q.order ?? 'asc' },
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      return {
        list: await operatorViews(rows, brand.currencyScale),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /** GET /ops/withdrawals/csv: the rows after a cursor, in the queue's order (the streamed export reads it page by page). */
    async exportForOperator(
      q: WithdrawalQueueFilter & WithdrawalQueueOrder,
      after: WithdrawalQueueCursor | null,
      limit: number,
    ): Promise<{ view: OpsWithdrawalOrder; cursor: WithdrawalQueueCursor }[]> {
      const brand = await system.getBrand();
      const rows = await findQueueExportPage(db, q, q, after, limit);
      const views = await operatorViews(rows, brand.currencyScale);
      return rows.map((row, i) => ({ view: views[i]!, cursor: queueCursorOf(row, q.sort) }));
    },

    /**
     * POST /ops/withdrawals/:id/approve: post the hold to the payout account (the order then awaits
     * the player's confirmation), or, above a threshold of the operator money policy, mark it as
     * waiting for a second operator, whose approval pays it.
     */
    approve: (actor: WithdrawalActor, id: string, reason: string | null = null) => decide(actor, id, 'approve', reason),

    /** POST /ops/withdrawals/:id/reject: void the hold, so the money returns to the player's wallet. */
    reject: (actor: WithdrawalActor, id: string, reason: string) => decide(actor, id, 'reject', reason),

    /**
     * POST /ops/withdrawals/:id/resolve: close a dispute after the operator checked the payout
     * (and re-sent it if needed). No money moves here; docs/decisions.md explains why.
     */
    async resolveDispute(actor: WithdrawalActor, id: string, note: string) {
      const brand = await system.getBrand();
      const at = core.now();
      const row = await core.inTransaction(async (trx) => {
        const before = await lockOrder(trx, id);
        if (!before) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
        if (before.status !== 'disputed') {
          throw new AppError(ErrorCode.WITHDRAWAL_NOT_DISPUTED, 'This withdrawal is not in dispute', {
            status: before.status,
          });
        }
        await updateOrderStatus(trx, id, 'disputed', { status: 'completed', resolutionNote: note, resolvedAt: at });
        const after = await findOrder(trx, id);
        if (!after) throw new Error(`withdrawal ${id} vanished inside its transaction`);
        await audit.record(trx, {
          actorType: actor.actorType,
          actorId: actor.actorId,
          action: 'withdrawal.dispute_resolved',
          subjectType: 'withdrawal',
          subjectId: id,
          reason: note,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
      ctx.metrics?.withdrawal(row.status);
      return operatorView(row, brand.currencyScale);
    },

    /** The proof images of an order (operator view): index, type, size, time. */
    async listProofs(id: string) {
      if (!(await findOrder(db, id))) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
      const proofs = await findProofs(db, id);
      return proofs.map((p, index) => ({
        index,
        contentType: p.contentType,
        sizeBytes: p.sizeBytes,
        createdAt: p.createdAt.toISOString(),
      }));
    },

    /** One proof image's bytes and type, by its index in listProofs. */
    async readProof(id: string, index: number): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: Buffer }> {
      const proof = (await findProofs(db, id))[index];
      if (!proof) throw new AppError(ErrorCode.NOT_FOUND, 'Proof not found');
      return { contentType: proof.contentType, data: await readProofFile(ctx.dataDir, proof.storedName) };
    },

    /** One order with its proofs' count, for the operator. */
    async getForOperator(id: string) {
      const brand = await system.getBrand();
      const row = await findOrder(db, id);
      if (!row) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
      return operatorView(row, brand.currencyScale);
    },

    /** PUT /ops/withdrawal-settings: merge, validate, store, and audit. */
    async updateSettings(actor: WithdrawalActor, patch: Partial<WithdrawalSettings>, reason: string | null) {
      const before = await core.getSettings();
      const parsed = withdrawalSettingsSchema.safeParse({ ...before, ...patch });
      if (!parsed.success) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, parsed.error.issues.map((i) => i.message).join('; '), {
          fields: parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
        });
      }
      // The rules and their audit entry commit together (updateSetting's audited form).
      const stored = await system.updateSetting('withdrawal', parsed.data, {
        audit,
        actor: { actorType: actor.actorType, actorId: actor.actorId },
        reason,
      });
      return stored;
    },
  };
}
