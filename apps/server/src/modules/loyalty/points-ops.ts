import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type {
  OpsMallItem,
  OpsMallItemBody,
  OpsPointsSettings,
  OpsRedemption,
  OpsRedemptionDecision,
  OpsRedemptionQuery,
} from '@wps/shared/schemas/points';
import type {
  MemberLabel,
  MemberLabelAssignment,
  MemberLabelAssignmentBody,
  MemberLabelBody,
} from '@wps/shared/schemas/vip';
import { amountFromWire, amountInvalid } from '../../http/amount';
import { AppError } from '../../http/app-error';
import { runInTransaction } from '../../db/run-in-transaction';
import { checkContentImage, decodeImageDataUrl } from '../content/content-images';
import type { LoyaltyContext } from './loyalty.types';
import type { VipCache } from './vip-cache';
import {
  findMallImage,
  findMallItem,
  findMallItems,
  findPointsSettings,
  insertMallItem,
  lockPointsAccount,
  movePoints,
  returnMallItemStock,
  updateMallItem,
  updatePointsSettings,
  type MallItemWrite,
} from './points.repository';
import {
  countRedemptionsInStatus,
  findRedemptionMember,
  findRedemptions,
  lockRedemption,
  resolveRedemption,
} from './redemptions.repository';
import { presentRedemption } from './points.service';
import { createMallApproval, presentOpsItem } from './mall-approval';
import { lockMallItem } from './mall-approval.repository';
import {
  countLabels,
  deleteLabel,
  findLabels,
  findMemberLabelIds,
  insertLabel,
  lockMemberLabelIds,
  replaceMemberLabels,
} from './vip.repository';

/** The back office's side of points: settings, mall items, the redeem queue, member labels. Every change audited. */
/** `vipCache`: told after a label change commits, so this instance's next member info shows it. */
export function createPointsOps(ctx: LoyaltyContext, vipCache: Pick<VipCache, 'changed'>) {
  const { db, system, audit, member } = ctx;

  const mall = createMallApproval(ctx);

  async function toWrite(body: OpsMallItemBody): Promise<MallItemWrite> {
    const { currencyScale } = await system.getBrand();
    // A cash item pays its amount; a bonus item gives it as bonus money with wagering.
    const paysMoney = body.kind === 'cash' || body.kind === 'bonus';
    if (paysMoney && body.cashAmount === undefined) throw amountInvalid('body.cashAmount', 'required');
    const cashMinor =
      paysMoney && body.cashAmount !== undefined
        ? amountFromWire(body.cashAmount, { field: 'body.cashAmount', scale: currencyScale })
        : 0n;
    let image: MallItemWrite['image'];
    if (body.imageDataUrl) {
      const bytes = decodeImageDataUrl(body.imageDataUrl);
      if (!bytes) throw new AppError(ErrorCode.IMAGE_TYPE_INVALID, 'Only png, jpg or webp images are accepted');
      const checked = checkContentImage(bytes);
      image = { name: checked.name, type: checked.contentType, bytes: checked.bytes };
    }
    return {
      namePt: body.namePt,
      nameEn: body.nameEn,
      kind: body.kind,
      pointsPrice: BigInt(body.points),
      cashMinor,
      stock: body.stock,
      status: body.status ?? 'active',
      sortOrder: body.sortOrder ?? 0,
      ...(image ? { image } : {}),
    };
  }

  return {
    async getSettings(): Promise<OpsPointsSettings> {
      const [s, { currencyScale }] = await Promise.all([findPointsSettings(db), system.getBrand()]);
      return {
        earnRates: GAME_CATEGORIES.map((category) => ({ category, rate: s.earnRates[category] ?? 0 })),
        conversionPoints: s.conversionPoints,
        conversionAmount: formatMinor(s.conversionMinor, currencyScale),
        minConversion: s.minConversion,
      };
    },

    async saveSettings(operatorId: string, body: OpsPointsSettings): Promise<OpsPointsSettings> {
      const { currencyScale } = await system.getBrand();
      const conversionMinor = amountFromWire(body.conversionAmount, {
        field: 'body.conversionAmount',
        scale: currencyScale,
        allowZero: true,
      });
      const before = await this.getSettings();
      await runInTransaction(db, async (trx) => {
        await updatePointsSettings(trx, {
          earnRates: Object.fromEntries(body.earnRates.map((r) => [r.category, r.rate])),
          conversionPoints: body.conversionPoints,
          conversionMinor,
          minConversion: body.minConversion,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'points.settings.update',
          subjectType: 'points_settings',
          subjectId: '1',
          reason: null,
          before,
          after: body,
        });
      });
      return this.getSettings();
    },

    async listItems(): Promise<{ list: OpsMallItem[] }> {
      const { currencyScale } = await system.getBrand();
      return { list: (await findMallItems(db, false)).map((r) => presentOpsItem(r, currencyScale)) };
    },

    async createItem(operatorId: string, body: OpsMallItemBody): Promise<OpsMallItem> {
      const write = await toWrite(body);
      const { currencyScale } = await system.getBrand();
      return runInTransaction(db, async (trx) => {
        const stored = await mall.statusFor(trx, operatorId, write, undefined);
        const id = await insertMallItem(trx, { ...write, status: stored.status });
        await mall.recordAsk(trx, id, stored);
        const row = (await findMallItem(trx, id))!;
        const after = presentOpsItem(row, currencyScale);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'points.item.create',
          subjectType: 'points_mall_item',
          subjectId: id,
          reason: null,
          before: null,
          after,
        });
        return after;
      });
    },

    async updateItem(operatorId: string, id: string, body: OpsMallItemBody): Promise<OpsMallItem> {
      const write = await toWrite(body);
      const { currencyScale } = await system.getBrand();
      return runInTransaction(db, async (trx) => {
        const old = await lockMallItem(trx, id);
        if (!old) throw new AppError(ErrorCode.MALL_ITEM_NOT_FOUND, 'No such item', { itemId: id });
        const stored = await mall.statusFor(trx, operatorId, write, old);
        await updateMallItem(trx, id, { ...write, status: stored.status });
        await mall.recordAsk(trx, id, stored);
        const after = presentOpsItem((await findMallItem(trx, id))!, currencyScale);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'points.item.update',
          subjectType: 'points_mall_item',
          subjectId: id,
          reason: null,
          before: presentOpsItem(old, currencyScale),
          after,
        });
        return after;
      });
    },

    /** GET /ops/points/items/awaiting and POST /ops/points/items/:id/approve|reject (mall-approval.ts). */
    listAwaitingItems: mall.listAwaiting,
    countAwaitingItems: mall.countAwaiting,
    decideItem: mall.decide,

    /** An item's picture by its stored name (the hash of its bytes). */
    image: (name: string) => findMallImage(db, name),

    /** How many redemptions wait in the redeem queue (the back office's queue badge). */
    countWaitingRedemptions: (): Promise<number> => countRedemptionsInStatus(db, 'in_process'),

    /** The redeem queue, oldest first by default when filtered to in_process. */
    async listRedemptions(
      q: OpsRedemptionQuery & { page: number; pageSize: number; order: 'asc' | 'desc' },
    ): Promise<{ list: OpsRedemption[]; total: number; page: number; pageSize: number; totalPages: number }> {
      const { rows, total } = await findRedemptions(
        db,
        { status: q.status },
        (q.page - 1) * q.pageSize,
        q.pageSize,
        q.order,
      );
      const names = await member.findAccountNames(rows.map((r) => r.memberId));
      return {
        list: rows.map((r) => ({
          ...presentRedemption(r),
          memberId: r.memberId,
          account: names.get(r.memberId) ?? '',
          resolvedBy: r.resolvedBy,
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      };
    },

    /**
     * Approve (fulfilled) or reject a redemption in process. A rejection gives the points back in
     * one movement and returns the item to stock. Locks the member's points row first, as every
     * points writer does, then the redemption.
     */
    async decide(operatorId: string, id: string, body: OpsRedemptionDecision): Promise<OpsRedemption> {
      const memberId = await findRedemptionMember(db, id);
      if (!memberId) throw new AppError(ErrorCode.REDEMPTION_NOT_FOUND, 'No such redemption', { id });
      const decided = await ctx.ledger.transaction(async (trx) => {
        await lockPointsAccount(trx, memberId);
        const row = await lockRedemption(trx, id);
        if (!row) throw new AppError(ErrorCode.REDEMPTION_NOT_FOUND, 'No such redemption', { id });
        if (row.status !== 'in_process')
          throw new AppError(ErrorCode.REDEMPTION_ALREADY_DECIDED, 'This redemption was already decided', {
            status: row.status,
          });
        const status = body.decision === 'approve' ? 'approved' : 'rejected';
        const after = await resolveRedemption(trx, id, status, body.reason, operatorId, new Date());
        if (status === 'rejected') {
          await returnMallItemStock(trx, row.itemId);
          await movePoints(trx, {
            memberId: row.memberId,
            amount: BigInt(row.points),
            kind: 'redeem_return',
            key: `points-redeem-return:${id}`,
            reference: id,
          });
        }
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: `points.redemption.${body.decision}`,
          subjectType: 'points_redemption',
          subjectId: id,
          reason: body.reason,
          before: { status: row.status },
          after: { status },
        });
        return after;
      });
      const names = await member.findAccountNames([decided.memberId]);
      return {
        ...presentRedemption(decided),
        memberId: decided.memberId,
        account: names.get(decided.memberId) ?? '',
        resolvedBy: decided.resolvedBy,
      };
    },

    async listLabels(): Promise<{ list: MemberLabel[] }> {
      return { list: await findLabels(db) };
    },

    async createLabel(operatorId: string, body: MemberLabelBody): Promise<MemberLabel> {
      return runInTransaction(db, async (trx) => {
        const label = await insertLabel(trx, body.labelName, body.color);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'member_label.create',
          subjectType: 'member_label',
          subjectId: label.id,
          reason: null,
          before: null,
          after: label,
        });
        return label;
      });
    },

    async deleteLabel(operatorId: string, id: string): Promise<void> {
      await runInTransaction(db, async (trx) => {
        if (!(await deleteLabel(trx, id))) throw new AppError(ErrorCode.NOT_FOUND, 'No such label');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'member_label.delete',
          subjectType: 'member_label',
          subjectId: id,
          reason: null,
          before: { id },
          after: null,
        });
      });
      vipCache.changed('all');
    },

    /** The labels a player carries (GET /ops/member-labels/members/:memberId). */
    async memberLabels(memberId: string): Promise<MemberLabelAssignment> {
      if (!(await member.findAccountNames([memberId])).has(memberId))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such player');
      return { labelIds: await findMemberLabelIds(db, memberId) };
    },

    /** Give a player exactly these labels (audited `member_label.assign`, before and after). */
    async setMemberLabels(
      operatorId: string,
      memberId: string,
      body: MemberLabelAssignmentBody,
    ): Promise<MemberLabelAssignment> {
      if (!(await member.findAccountNames([memberId])).has(memberId))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such player');
      const labelIds = [...new Set(body.labelIds)].sort((a, b) => Number(a) - Number(b));
      const assigned = await runInTransaction(db, async (trx) => {
        if ((await countLabels(trx, labelIds)) !== labelIds.length)
          throw new AppError(ErrorCode.NOT_FOUND, 'No such label');
        const before = await lockMemberLabelIds(trx, memberId);
        await replaceMemberLabels(trx, memberId, labelIds);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'member_label.assign',
          subjectType: 'member',
          subjectId: memberId,
          reason: body.reason,
          before: { labelIds: before },
          after: { labelIds },
        });
        return { labelIds };
      });
      vipCache.changed(memberId);
      return assigned;
    },
  };
}
