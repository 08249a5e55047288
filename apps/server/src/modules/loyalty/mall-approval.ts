import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type { OpsMallItem } from '@wps/shared/schemas/points';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { LoyaltyContext } from './loyalty.types';
import {
  countAwaitingMallItems,
  decideMallItem,
  findAwaitingMallItems,
  lockMallItem,
  setMallItemAsk,
} from './mall-approval.repository';
import type { MallItemRow, MallItemWrite } from './points.repository';
import { presentMallItem } from './points.service';

type Db = Kysely<Database>;

export function presentOpsItem(row: MallItemRow, scale: number): OpsMallItem {
  return {
    ...presentMallItem(row, scale),
    status: row.status as OpsMallItem['status'],
    sortOrder: row.sortOrder,
    ceilingReasons: row.ceilingReasons as OpsMallItem['ceilingReasons'],
    askedBy: row.askedBy === null ? null : String(row.askedBy),
    approvedBy: row.approvedBy === null ? null : String(row.approvedBy),
    approvedAt: row.approvedAt ? new Date(row.approvedAt).toISOString() : null,
  };
}

/** The cash value a redemption of the item pays (a cash item's amount, a bonus item's bonus money); physical items none. */
function moneyOf(kind: string, cashMinor: bigint | string): bigint {
  return kind === 'cash' || kind === 'bonus' ? BigInt(cashMinor) : 0n;
}

/** What an item's save stores: the status, and what an offer asked of the ceilings (absent: the columns stay). */
export type StoredItemStatus = { status: string; ask?: { ceilingReasons: string[]; askedBy: string } };

/**
 * Points mall items held to the set-up ceilings (docs/decisions.md, "Reward set-ups wait above a
 * money ceiling"). A cash or bonus item pays its cash value at every redemption from the promotion
 * budget with no operator looking; so an offer is looked at when it is made:
 * - one item: the cash value of one redemption;
 * - one period: the stock's cash value together, what the item can pay until it is restocked.
 *   Unlimited stock has no total the operator sets (the players' points bound it), so the item's
 *   value alone is counted.
 * Above either, the item is stored `awaiting_approval` (not in the mall, not redeemable: both read
 * `active` items only) until an operator other than the asker, holding the kind's permission,
 * offers it (`active`) or turns it down (`archived`).
 */
export function createMallApproval(ctx: Pick<LoyaltyContext, 'db' | 'audit' | 'system' | 'setups'>) {
  const { db, audit, system, setups } = ctx;

  /**
   * The status to store for a save asking for `write.status`, in the writer's transaction after the
   * item's row lock. An offered item that pays no more (same kind, no higher cash value, no more
   * stock) stays offered without asking; physical items pay no money and never ask.
   */
  async function statusFor(
    trx: Db,
    operatorId: string,
    write: MallItemWrite,
    before: MallItemRow | undefined,
  ): Promise<StoredItemStatus> {
    const money = moneyOf(write.kind, write.cashMinor);
    if (write.status !== 'active' || money === 0n) return { status: write.status };
    if (
      before?.status === 'active' &&
      before.kind === write.kind &&
      money <= moneyOf(before.kind, before.cashMinor) &&
      write.stock !== null &&
      (before.stock === null || write.stock <= before.stock)
    )
      return { status: 'active' };
    const { reasons } = await setups.assess(trx, {
      kind: 'mall_item',
      itemMinor: money,
      periodMinor: write.stock === null ? money : money * BigInt(write.stock),
    });
    return {
      status: reasons.length > 0 ? 'awaiting_approval' : 'active',
      ask: { ceilingReasons: reasons, askedBy: operatorId },
    };
  }

  return {
    statusFor,
    /** Stores what `statusFor` found, after the item's insert or update. */
    async recordAsk(trx: Db, id: string, stored: StoredItemStatus): Promise<void> {
      if (stored.ask) await setMallItemAsk(trx, id, stored.ask);
    },

    /** How many items wait for a second operator. */
    countAwaiting: (): Promise<number> => countAwaitingMallItems(db),

    /** GET /ops/points/items/awaiting. */
    async listAwaiting(): Promise<{ list: OpsMallItem[] }> {
      const { currencyScale } = await system.getBrand();
      return { list: (await findAwaitingMallItems(db)).map((r) => presentOpsItem(r, currencyScale)) };
    },

    /** POST /ops/points/items/:id/approve|reject: under the item's row lock, audited with the asker and the approver. */
    async decide(
      approver: { operatorId: string; role: OpsRole },
      id: string,
      decision: 'approve' | 'reject',
      reason: string,
    ): Promise<OpsMallItem> {
      const { currencyScale } = await system.getBrand();
      return runInTransaction(db, async (trx) => {
        const item = await lockMallItem(trx, id);
        if (!item) throw new AppError(ErrorCode.MALL_ITEM_NOT_FOUND, 'No such item', { itemId: id });
        if (item.status !== 'awaiting_approval')
          throw new AppError(ErrorCode.MALL_ITEM_NOT_AWAITING, 'This item is not waiting for approval', {
            status: item.status,
          });
        const askedBy = item.askedBy === null ? null : String(item.askedBy);
        setups.assertApprover('mall_item', askedBy, approver);
        const status = decision === 'approve' ? 'active' : 'archived';
        if (!(await decideMallItem(trx, id, { status, approvedBy: approver.operatorId })))
          throw new Error('points mall: the waiting item changed under its row lock');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: approver.operatorId,
          action: decision === 'approve' ? 'points.item.approve' : 'points.item.reject',
          subjectType: 'points_mall_item',
          subjectId: id,
          reason,
          before: { status: 'awaiting_approval', askedBy, ceilingReasons: item.ceilingReasons },
          after: { status, approvedBy: approver.operatorId, cashMinor: item.cashMinor, stock: item.stock },
        });
        const after = await lockMallItem(trx, id);
        if (!after) throw new Error(`points mall: item ${id} vanished after its decision`);
        return presentOpsItem(after, currencyScale);
      });
    },
  };
}

export type MallApproval = ReturnType<typeof createMallApproval>;
