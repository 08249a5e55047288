import { ErrorCode } from '@wps/shared/error-codes';
import { PROOF_MAX_FILES, type WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { AppError } from '../../http/app-error';
import { detectProofImageType, removeProofFiles, writeProofFile } from './proof-files';
import { present, snapshot, type ProofUpload, type WithdrawalContext, type WithdrawalCore } from './withdrawal-shared';
import {
  findOrder,
  findOverdueApprovedIds,
  insertProof,
  lockOrder,
  updateOrderStatus,
  type WithdrawalRow,
} from './withdrawal.repository';

/** The player's answer to an approved order (received, fully paid, not received with proofs) and the forced receipt. */
export function createWithdrawalReceipts(ctx: WithdrawalContext, core: WithdrawalCore) {
  const { db, log, system, audit } = ctx;

  /** Mark one overdue approved order received; a no-op when it is no longer approved or not yet due. */
  async function settleOverdue(id: string, at: Date): Promise<boolean> {
    const settled = await core.inTransaction(async (trx) => {
      const row = await lockOrder(trx, id);
      if (!row || row.status !== 'approved' || !row.confirmDeadline || row.confirmDeadline > at) return false;
      await updateOrderStatus(trx, id, 'approved', {
        status: 'completed',
        confirmation: 'auto_received',
        confirmedAt: at,
      });
      await audit.record(trx, {
        actorType: 'system',
        actorId: 'withdrawal-auto-receipt',
        action: 'withdrawal.auto_received',
        subjectType: 'withdrawal',
        subjectId: id,
        reason: 'not confirmed before the deadline (forced receipt)',
        before: snapshot(row),
        after: { ...snapshot(row), status: 'completed', confirmation: 'auto_received' },
      });
      return true;
    });
    if (settled) ctx.metrics?.withdrawal('completed');
    return settled;
  }

  /** Refuse a confirmation of an order that is not awaiting one; an overdue one is settled as received first. */
  async function assertConfirmable(row: WithdrawalRow, at: Date): Promise<void> {
    if (row.status === 'approved' && row.confirmDeadline && row.confirmDeadline <= at) {
      await settleOverdue(row.id, at);
      throw new AppError(
        ErrorCode.WITHDRAWAL_NOT_CONFIRMABLE,
        'The confirmation time is over: the withdrawal counts as received',
        {
          status: 'completed',
          confirmation: 'auto_received',
        },
      );
    }
    if (row.status !== 'approved') {
      throw new AppError(ErrorCode.WITHDRAWAL_NOT_CONFIRMABLE, 'This withdrawal is not awaiting your confirmation', {
        status: row.status,
        confirmation: row.confirmation,
      });
    }
  }

  return {
    /**
     * Before a proof upload's body is read: the order exists, is the member's and awaits their
     * answer. The route calls this first, so no file of a request for someone else's (or a
     * missing) order is ever read, let alone written.
     */
    async assertProofTarget(memberId: string, id: string): Promise<void> {
      await assertConfirmable(await core.requireOwnOrder(memberId, id), core.now());
    },

    /** POST /wps/withdraw/orders/:id/confirm: received or fully paid closes an approved order. */
    async confirm(memberId: string, id: string, result: 'received' | 'fully_paid'): Promise<WithdrawalOrder> {
      const brand = await system.getBrand();
      const at = core.now();
      await assertConfirmable(await core.requireOwnOrder(memberId, id), at);
      const row = await core.inTransaction(async (trx) => {
        const before = await lockOrder(trx, id);
        if (!before) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
        if (before.status !== 'approved') {
          throw new AppError(
            ErrorCode.WITHDRAWAL_NOT_CONFIRMABLE,
            'This withdrawal is not awaiting your confirmation',
            { status: before.status },
          );
        }
        await updateOrderStatus(trx, id, 'approved', { status: 'completed', confirmation: result, confirmedAt: at });
        const after = await findOrder(trx, id);
        if (!after) throw new Error(`withdrawal ${id} vanished inside its transaction`);
        await audit.record(trx, {
          actorType: 'member',
          actorId: String(memberId),
          action: `withdrawal.${result}`,
          subjectType: 'withdrawal',
          subjectId: id,
          reason: null,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
      ctx.metrics?.withdrawal(row.status);
      return present(row, brand.currencyScale);
    },

    /**
     * POST /wps/withdraw/orders/:id/not-received: store 1–3 proof images (png or jpg by their
     * bytes) and put the order in dispute for the operator. No money moves: a dispute never refunds.
     */
    async reportNotReceived(memberId: string, id: string, files: ProofUpload[]): Promise<WithdrawalOrder> {
      const brand = await system.getBrand();
      const at = core.now();
      // Checked again here (the route checked before reading the body): the service is also called directly.
      await assertConfirmable(await core.requireOwnOrder(memberId, id), at);
      if (files.length === 0) throw new AppError(ErrorCode.PROOF_REQUIRED, 'Attach at least one proof image');
      if (files.length > PROOF_MAX_FILES)
        throw new AppError(ErrorCode.PROOF_TOO_MANY, `At most ${PROOF_MAX_FILES} images`);
      const typed = files.map((f, index) => {
        const type = detectProofImageType(f.data);
        if (!type) throw new AppError(ErrorCode.PROOF_TYPE_INVALID, 'Only png or jpg images are accepted', { index });
        return { data: f.data, type };
      });

      // Files first (no transaction open while writing), rows second; a failed commit removes the files.
      const names: string[] = [];
      try {
        for (const f of typed) names.push(await writeProofFile(ctx.dataDir, f.data, f.type));
        const row = await core.inTransaction(async (trx) => {
          const before = await lockOrder(trx, id);
          if (!before) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
          if (before.status !== 'approved') {
            throw new AppError(
              ErrorCode.WITHDRAWAL_NOT_CONFIRMABLE,
              'This withdrawal is not awaiting your confirmation',
              { status: before.status },
            );
          }
          for (const [i, f] of typed.entries()) {
            await insertProof(trx, {
              withdrawalId: id,
              storedName: names[i]!,
              contentType: f.type.contentType,
              sizeBytes: f.data.length,
            });
          }
          await updateOrderStatus(trx, id, 'approved', {
            status: 'disputed',
            confirmation: 'not_received',
            confirmedAt: at,
          });
          const after = await findOrder(trx, id);
          if (!after) throw new Error(`withdrawal ${id} vanished inside its transaction`);
          await audit.record(trx, {
            actorType: 'member',
            actorId: String(memberId),
            action: 'withdrawal.not_received',
            subjectType: 'withdrawal',
            subjectId: id,
            reason: null,
            before: snapshot(before),
            after: { ...snapshot(after), proofs: names },
          });
          return after;
        });
        ctx.metrics?.withdrawal(row.status);
        return present(row, brand.currencyScale);
      } catch (err) {
        await removeProofFiles(ctx.dataDir, names).catch((e: unknown) =>
          log.warn({ err: e }, 'withdrawal: could not remove proof files'),
        );
        throw err;
      }
    },

    /**
     * Forced receipt: every approved order whose deadline passed counts as received.
     * Idempotent (each order moves at most once, under its row lock); returns how many moved.
     */
    async runAutoReceipt(at: Date = core.now()): Promise<number> {
      let settled = 0;
      for (;;) {
        const ids = await findOverdueApprovedIds(db, at, 200);
        let moved = 0;
        for (const id of ids) if (await settleOverdue(id, at)) moved++;
        settled += moved;
        if (ids.length < 200 || moved === 0) return settled;
      }
    },
  };
}
