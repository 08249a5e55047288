import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type { OpsVendorTransfer } from '@wps/shared/schemas/gateway';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { SystemService } from '../system/system.service';
import {
  findQueuedTransfer,
  findTransferQueueExportPage,
  findTransferQueuePage,
  transferCursorOf,
  type QueuedTransfer,
  type TransferQueueCursor,
  type TransferQueueFilter,
  type TransferQueueOrder,
} from './transfer-queue';
import type { TransferWalletService } from './transfer-wallet.service';

export type TransferReviewContext = {
  db: Kysely<Database>;
  system: Pick<SystemService, 'getBrand'>;
  audit: Pick<AuditService, 'record'>;
  /** The member module answers the account names the operators' views show. */
  member: Pick<MemberService, 'findAccountNames'>;
  transfers: Pick<TransferWalletService, 'checkTransfer'>;
};

/**
 * The back office's view of vendor transfers: the queue of transfers whose outcome is not known
 * yet (the vendor's answer was lost or late, the player's money held meanwhile), and asking the
 * vendor again now instead of waiting for the status job. Asking moves money only the way the
 * job would: the vendor's answer settles the hold, never the operator.
 */
export function createTransferReview(ctx: TransferReviewContext) {
  const { db, system, audit, member, transfers } = ctx;

  async function views(rows: QueuedTransfer[]): Promise<OpsVendorTransfer[]> {
    const scale = (await system.getBrand()).currencyScale;
    const names = await member.findAccountNames(rows.map((r) => r.memberId));
    return rows.map((r) => ({
      id: r.id,
      vassalage: r.vassalage,
      direction: r.direction,
      amount: formatMinor(r.amount, scale),
      amountMinor: r.amount.toString(),
      currency: r.currency,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      memberId: r.memberId,
      account: names.get(r.memberId) ?? '',
      transferRef: r.transferRef,
      attempts: r.attempts,
      lastError: r.lastError,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
    }));
  }

  return {
    /** GET /ops/vendor-transfers: oldest first unless asked otherwise. */
    async list(
      q: TransferQueueFilter & Partial<TransferQueueOrder> & { page: number; pageSize: number },
    ): Promise<OpsPage<OpsVendorTransfer>> {
      const { rows, total } = await findTransferQueuePage(
        db,
        q,
        { sort: q.sort ?? 'createdAt', order: q.order ?? 'asc' },
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      return {
        list: await views(rows),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /** GET /ops/vendor-transfers/csv: the rows after a cursor, in the queue's order. */
    async exportPage(
      q: TransferQueueFilter & TransferQueueOrder,
      after: TransferQueueCursor | null,
      limit: number,
    ): Promise<{ view: OpsVendorTransfer; cursor: TransferQueueCursor }[]> {
      const rows = await findTransferQueueExportPage(db, q, q, after, limit);
      const list = await views(rows);
      return rows.map((row, i) => ({ view: list[i]!, cursor: transferCursorOf(row, q.sort) }));
    },

    /**
     * POST /ops/vendor-transfers/:id/check: ask the vendor about a pending transfer now. The
     * audit entry names the operator, the reason and the status before and after the answer.
     */
    async check(
      actor: { actorType: 'operator'; actorId: string },
      id: string,
      reason: string,
    ): Promise<OpsVendorTransfer> {
      const before = await findQueuedTransfer(db, id);
      if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'No such transfer');
      if (before.status !== 'pending')
        throw new AppError(ErrorCode.TRANSFER_NOT_PENDING, `This transfer is already ${before.status}`, {
          status: before.status,
        });
      await transfers.checkTransfer(id);
      const after = (await findQueuedTransfer(db, id))!;
      await audit.record(db, {
        ...actor,
        action: 'vendor_transfer.check',
        subjectType: 'vendor_transfer',
        subjectId: id,
        reason,
        before: { status: before.status, attempts: before.attempts },
        after: { status: after.status, attempts: after.attempts, lastError: after.lastError },
      });
      return (await views([after]))[0]!;
    },
  };
}

export type TransferReview = ReturnType<typeof createTransferReview>;
