import type { Kysely } from 'kysely';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type {
  ConvertPointBody,
  ConvertPointResult,
  MallItem,
  PointConfig,
  PointsMovementKind,
  PointsMovementList,
  RedeemList,
  RedeemPointRewardBody,
  RedeemResult,
  Redemption,
  RedemptionStatus,
} from '@wps/shared/schemas/points';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { RewardGrant } from '../rewards/reward-grants.types';
import type { LoyaltyContext } from './loyalty.types';
import {
  findMallItem,
  findMallItems,
  findMovementByKey,
  findPointsBalance,
  findPointsMovements,
  findPointsSettings,
  lockPointsAccount,
  movePoints,
  takeMallItemStock,
  type MallItemRow,
} from './points.repository';
import {
  findRedemptionByMovementKey,
  findRedemptions,
  insertRedemption,
  type RedemptionRow,
} from './redemptions.repository';
import {
  applyEarnings,
  findUsedMovementKeys,
  lockPointsAccounts,
  type EarnedMovement,
} from './loyalty-batch.repository';
import { findMemberLevel, findMemberRanks, findVipLevels, levelOfRank } from './vip.repository';

type Db = Kysely<Database>;

/** Earning is counted in millionths of a point, so a rate like 0.5 per unit stays exact enough. */
const MICRO = 1_000_000n;

export function mallImageUrl(name: string | null): string | null {
  return name ? `/wps/points/images/${name}` : null;
}

export function presentMallItem(row: MallItemRow, scale: number): MallItem {
  return {
    id: row.id,
    namePt: row.namePt,
    nameEn: row.nameEn,
    kind: row.kind as MallItem['kind'],
    points: row.pointsPrice,
    // What a cash item pays, or the bonus money a bonus item gives.
    cashAmount: row.kind === 'cash' || row.kind === 'bonus' ? formatMinor(row.cashMinor, scale) : null,
    stock: row.stock,
    imageUrl: mallImageUrl(row.imageName),
  };
}

export function presentRedemption(row: RedemptionRow): Redemption {
  return {
    id: row.id,
    itemId: row.itemId,
    namePt: row.namePt,
    nameEn: row.nameEn,
    kind: row.kind as Redemption['kind'],
    points: row.points,
    status: row.status as RedemptionStatus,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * Points earned by `turnoverMinor` of play: the category's rate (points per whole currency unit)
 * times the VIP multiplier, plus the member's carried fraction. Answers whole points and the new
 * fraction carried (in millionths).
 */
export function earnedPoints(
  turnoverMinor: bigint,
  rate: number,
  multiplierPct: number,
  scale: number,
  carried: bigint,
): { points: bigint; remainder: bigint } {
  if (turnoverMinor <= 0n || rate <= 0 || multiplierPct <= 0) return { points: 0n, remainder: carried };
  const rateMicro = BigInt(Math.round(rate * 1_000_000));
  const micro = (turnoverMinor * rateMicro * BigInt(multiplierPct)) / (100n * 10n ** BigInt(scale));
  const total = carried + micro;
  return { points: total / MICRO, remainder: total % MICRO };
}

/** The member's side of points: balance, config, mall, redeem, history, conversion; the 'points' reward sink; earning from play. */
export function createPointsService(ctx: LoyaltyContext) {
  const { db, system, ledger, security } = ctx;

  /** A bonus item's bonus money: the engine's bonus grant, paid at once, once per redemption. */
  async function giveBonus(trx: Db, memberId: string, redemptionId: string, item: MallItemRow): Promise<void> {
    await ctx.rewards.grants.issue(trx, {
      memberId,
      kind: 'bonus',
      amount: BigInt(item.cashMinor),
      source: 'points_mall',
      sourceRef: redemptionId,
      key: `points-mall:${redemptionId}`,
      delivery: 'auto',
      title: { PT: item.namePt, EN: item.nameEn },
    });
  }

  async function assertEnabled(): Promise<void> {
    if (!(await system.isModuleEnabled('PTSYS3')))
      throw new AppError(ErrorCode.POINTS_DISABLED, 'The points system is off');
  }

  return {
    /** MCS2_getPointBalance. */
    async getBalance(memberId: string): Promise<{ points: string }> {
      return { points: (await findPointsBalance(db, memberId)).toString() };
    },

    /** MCS2_getPointConfig: rates by category, the member's VIP multiplier and the conversion. */
    async getConfig(memberId: string): Promise<PointConfig> {
      const [settings, brand, enabled, level] = await Promise.all([
        findPointsSettings(db),
        system.getBrand(),
        system.isModuleEnabled('PTSYS3'),
        findMemberLevel(db, memberId),
      ]);
      return {
        enabled,
        earnRates: GAME_CATEGORIES.map((category) => ({ category, rate: settings.earnRates[category] ?? 0 })),
        vipMultiplierPct: level.pointsMultiplierPct,
        conversionPoints: settings.conversionPoints,
        conversionAmount: formatMinor(settings.conversionMinor, brand.currencyScale),
        minConversion: settings.minConversion,
        currency: brand.currency,
        currencyScale: brand.currencyScale,
      };
    },

    /** MCS2_getPointReward: the mall's live items. */
    async listMall(): Promise<{ list: MallItem[] }> {
      const { currencyScale } = await system.getBrand();
      return { list: (await findMallItems(db, true)).map((r) => presentMallItem(r, currencyScale)) };
    },

    /**
     * passwordCheck/MCS2_redeemPointReward. Locks in the module's order: the member's points row,
     * the item row (its stock), then ledger accounts for a cash or bonus item, which is paid and
     * approved at once (a bonus item as the rewards engine's bonus grant, so its wagering and the
     * operator's jurisdiction profile apply); physical items wait in the operator's queue. A retry
     * with the same key answers the first redemption.
     */
    async redeem(memberId: string, body: RedeemPointRewardBody): Promise<RedeemResult> {
      await assertEnabled();
      await security.verifyPaymentPassword(memberId, body.paymentPassword);
      const key = `points-redeem:${memberId}:${body.idempotencyKey}`;
      return ledger.transaction(async (trx) => {
        await lockPointsAccount(trx, memberId);
        const earlier = await findRedemptionByMovementKey(trx, key);
        if (earlier)
          return {
            redemption: presentRedemption(earlier),
            points: (await findPointsBalance(trx, memberId)).toString(),
          };
        const item = await takeMallItemStock(trx, body.itemId);
        if (!item) {
          const exists = await findMallItem(trx, body.itemId);
          if (!exists || exists.status !== 'active')
            throw new AppError(ErrorCode.MALL_ITEM_NOT_FOUND, 'No such item in the mall', { itemId: body.itemId });
          throw new AppError(ErrorCode.MALL_ITEM_OUT_OF_STOCK, 'This item is out of stock', { itemId: body.itemId });
        }
        const isCash = item.kind === 'cash';
        const paidAtOnce = isCash || item.kind === 'bonus';
        const redemption = await insertRedemption(trx, {
          memberId,
          item,
          status: paidAtOnce ? 'approved' : 'in_process',
          resolvedAt: paidAtOnce ? new Date() : null,
        });
        const moved = await movePoints(trx, {
          memberId,
          amount: -BigInt(item.pointsPrice),
          kind: 'redeem',
          key,
          reference: redemption.id,
        });
        if (moved.status === 'insufficient') {
          throw new AppError(ErrorCode.POINTS_INSUFFICIENT, 'Not enough points', {
            points: moved.balance.toString(),
            required: item.pointsPrice,
          });
        }
        if (isCash) {
          await ctx.licence.ask(trx, 'reward.pay', { memberId });
          await ledger.creditPlayerFromSystem(
            {
              memberId,
              systemAccount: 'promotion_budget',
              amountMinor: BigInt(item.cashMinor),
              kind: 'points_redeem_cash',
              idempotencyKey: `points-redeem-cash:${redemption.id}`,
              reference: `points_redemption:${redemption.id}`,
            },
            trx,
          );
        }
        if (item.kind === 'bonus') await giveBonus(trx, memberId, redemption.id, item);
        return { redemption: presentRedemption(redemption), points: moved.balance.toString() };
      });
    },

    /** MCS2_getRedeemPointList: the member's redemptions, newest first. */
    async listRedemptions(
      memberId: string,
      q: { page: number; pageSize: number; status?: RedemptionStatus | undefined },
    ): Promise<RedeemList> {
      const { rows, total } = await findRedemptions(
        db,
        { memberId, status: q.status },
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      return { list: rows.map(presentRedemption), total, page: q.page, pageSize: q.pageSize };
    },

    /** ODSFE2_MemTransDet: the member's points movements, newest first. */
    async listMovements(memberId: string, q: { page: number; pageSize: number }): Promise<PointsMovementList> {
      const { rows, total } = await findPointsMovements(db, memberId, (q.page - 1) * q.pageSize, q.pageSize);
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind as PointsMovementKind,
          points: r.amount,
          balanceAfter: r.balanceAfter,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /**
     * passwordCheck/MCS2_convertPoint: whole conversion steps of the asked points become cash from
     * the promotion budget (ledger kind points_conversion); points beyond the last whole step stay.
     */
    async convert(memberId: string, body: ConvertPointBody): Promise<ConvertPointResult> {
      await assertEnabled();
      const asked = BigInt(body.points);
      const settings = await findPointsSettings(db);
      if (asked < BigInt(settings.minConversion) || asked < BigInt(settings.conversionPoints)) {
        throw new AppError(ErrorCode.POINTS_BELOW_MINIMUM, 'Convert at least the minimum', {
          minConversion: Math.max(settings.minConversion, settings.conversionPoints),
        });
      }
      await security.verifyPaymentPassword(memberId, body.paymentPassword);
      const { currencyScale } = await system.getBrand();
      const steps = asked / BigInt(settings.conversionPoints);
      const points = steps * BigInt(settings.conversionPoints);
      const cashMinor = steps * settings.conversionMinor;
      const key = `points-convert:${memberId}:${body.idempotencyKey}`;
      return ledger.transaction(async (trx) => {
        const moved = await movePoints(trx, {
          memberId,
          amount: -points,
          kind: 'convert',
          key,
          reference: `cash:${cashMinor}`,
        });
        if (moved.status === 'insufficient')
          throw new AppError(ErrorCode.POINTS_INSUFFICIENT, 'Not enough points', {
            points: moved.balance.toString(),
            required: points.toString(),
          });
        if (moved.status === 'replayed') {
          const first = await findFirstConversion(trx, key);
          return {
            points: moved.balance.toString(),
            convertedPoints: first.points.toString(),
            cashAmount: formatMinor(first.cashMinor, currencyScale),
          };
        }
        if (cashMinor > 0n) {
          await ctx.licence.ask(trx, 'reward.pay', { memberId });
          await ledger.creditPlayerFromSystem(
            {
              memberId,
              systemAccount: 'promotion_budget',
              amountMinor: cashMinor,
              kind: 'points_conversion',
              idempotencyKey: key,
              reference: `points:${points}`,
            },
            trx,
          );
        }
        return {
          points: moved.balance.toString(),
          convertedPoints: points.toString(),
          cashAmount: formatMinor(cashMinor, currencyScale),
        };
      });
    },

    /** The 'points' reward sink: a grant's points, once per grant (its key). */
    async payGrant(trx: Db, grant: RewardGrant): Promise<void> {
      if (grant.amount <= 0n) return;
      await movePoints(trx, {
        memberId: grant.memberId,
        amount: grant.amount,
        kind: 'grant',
        key: `reward:${grant.grantId}`,
        reference: `grant:${grant.grantId}`,
      });
    },

    /**
     * Points for a batch of settled rounds (the event consumer), in stream order: each member's
     * rows locked once (member id order), the rate of the round's category times the multiplier of
     * the level the member had before the batch (its upgrades come after), the remainder carried
     * from round to round; one movement per round that earned a whole point, keyed by its event.
     */
    async earnFromRounds(
      trx: Db,
      rounds: {
        eventId: string;
        memberId: string;
        turnoverMinor: bigint;
        category: string | undefined;
        roundId: string;
      }[],
      scale: number,
    ): Promise<void> {
      const settings = await findPointsSettings(trx);
      const rateOf = (r: (typeof rounds)[number]) => (r.category ? (settings.earnRates[r.category] ?? 0) : 0);
      const earning = rounds.filter((r) => r.turnoverMinor > 0n && rateOf(r) > 0);
      if (earning.length === 0) return;
      const memberIds = [...new Set(earning.map((r) => r.memberId))];
      const accounts = await lockPointsAccounts(trx, memberIds);
      const [used, ranks, levels] = await Promise.all([
        findUsedMovementKeys(
          trx,
          earning.map((r) => `points-earn:${r.eventId}`),
        ),
        findMemberRanks(trx, memberIds),
        findVipLevels(trx),
      ]);
      const changed = new Map<string, { memberId: string; add: bigint; earnRemainder: bigint }>();
      const movements: EarnedMovement[] = [];
      for (const r of earning) {
        const key = `points-earn:${r.eventId}`;
        // A replay: its points moved already, and its remainder was carried then.
        if (used.has(key)) continue;
        const account = accounts.get(r.memberId)!;
        const multiplier = levelOfRank(levels, ranks.get(r.memberId) ?? 0).pointsMultiplierPct;
        const earned = earnedPoints(r.turnoverMinor, rateOf(r), multiplier, scale, account.earnRemainder);
        account.earnRemainder = earned.remainder;
        const entry = changed.get(r.memberId) ?? { memberId: r.memberId, add: 0n, earnRemainder: 0n };
        entry.earnRemainder = earned.remainder;
        if (earned.points > 0n) {
          account.balance += earned.points;
          entry.add += earned.points;
          movements.push({
            memberId: r.memberId,
            amount: earned.points,
            balanceAfter: account.balance,
            key,
            reference: `round:${r.roundId}`,
          });
        }
        changed.set(r.memberId, entry);
      }
      await applyEarnings(trx, [...changed.values()], movements);
    },
  };

  async function findFirstConversion(trx: Db, key: string): Promise<{ points: bigint; cashMinor: bigint }> {
    const m = await findMovementByKey(trx, key);
    return {
      points: m ? -BigInt(m.amount) : 0n,
      cashMinor: m?.reference?.startsWith('cash:') ? BigInt(m.reference.slice(5)) : 0n,
    };
  }
}

export type PointsService = ReturnType<typeof createPointsService>;
