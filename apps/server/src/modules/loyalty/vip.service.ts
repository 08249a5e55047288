import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type { MemberInfo } from '@wps/shared/schemas/member';
import type { OpsVipSettings, VipInfo, VipLevel } from '@wps/shared/schemas/vip';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { amountFromWire } from '../../http/amount';
import { AppError } from '../../http/app-error';
import type { LoyaltyContext } from './loyalty.types';
import { lockPointsAccount } from './points.repository';
import { addMemberDays, sumMembersDays, type MemberDayDelta } from './loyalty-batch.repository';
import { refuseVipBreach, vipLicenceBlockers } from './vip-licence';
import type { VipCache } from './vip-cache';
import {
  findMemberRanks,
  findMembersToReview,
  findVipLevels,
  findVipSettings,
  lockMemberLevel,
  markReviewed,
  replaceVipSettings,
  setMemberLevel,
  sumMemberDays,
  type VipLevelRow,
} from './vip.repository';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;
/** Members reviewed per transaction by the periodic review. */
const REVIEW_BATCH = 200;

/** The UTC day of a time, as the per-day counters name it. */
export function dayOf(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The review period (a calendar month, UTC) a time falls in: '2026-11'. */
export function monthOf(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** The highest level whose thresholds the totals both reach (levels sorted by rank). */
export function qualifiedRank(levels: VipLevelRow[], totals: { turnoverMinor: bigint; depositMinor: bigint }): number {
  let rank = 0;
  for (const l of levels)
    if (totals.turnoverMinor >= l.turnoverMinor && totals.depositMinor >= l.depositMinor)
      rank = Math.max(rank, l.rankLevel);
  return rank;
}

function presentLevel(l: VipLevelRow, scale: number): VipLevel {
  const bonus = (kind: 'cash' | 'points', amount: bigint) =>
    kind === 'cash' ? formatMinor(amount, scale) : amount.toString();
  return {
    rankLevel: l.rankLevel,
    labelName: l.labelName,
    color: l.color,
    color2: l.color2,
    turnover: formatMinor(l.turnoverMinor, scale),
    deposit: formatMinor(l.depositMinor, scale),
    pointsMultiplierPct: l.pointsMultiplierPct,
    upgradeBonusKind: l.upgradeBonusKind,
    upgradeBonus: bonus(l.upgradeBonusKind, l.upgradeBonus),
    monthlyBonusKind: l.monthlyBonusKind,
    monthlyBonus: bonus(l.monthlyBonusKind, l.monthlyBonus),
    benefitsPt: l.benefitsPt,
    benefitsEn: l.benefitsEn,
  };
}

/**
 * VIP levels. A member's turnover and deposits are counted per day from the event stream; the
 * rolling window's totals decide the level. Upgrades happen as soon as the totals cross a
 * threshold (in the consumer's transaction, with the level_changed event and the upgrade bonus's
 * grant); downgrades only at the operator's review period, and never take back what was paid.
 */
export function createVipService(ctx: LoyaltyContext, cache: VipCache) {
  const { db, system, rewards, events } = ctx;
  const now = ctx.now ?? Date.now;

  async function windowTotals(dbOrTrx: Db, memberId: string, at: number, windowDays: number) {
    return sumMemberDays(dbOrTrx, memberId, dayOf(at - (windowDays - 1) * DAY_MS));
  }

  async function issueBonus(
    trx: Db,
    memberId: string,
    level: VipLevelRow,
    what: 'upgrade' | 'monthly',
    key: string,
  ): Promise<void> {
    const kind = what === 'upgrade' ? level.upgradeBonusKind : level.monthlyBonusKind;
    const amount = what === 'upgrade' ? level.upgradeBonus : level.monthlyBonus;
    if (amount <= 0n) return;
    try {
      await rewards.grants.issue(trx, {
        memberId,
        kind,
        amount,
        source: 'vip',
        sourceRef: `level:${level.rankLevel}`,
        key,
        delivery: 'auto',
        title:
          what === 'upgrade'
            ? { PT: `Bônus de subida ${level.labelName}`, EN: `${level.labelName} upgrade bonus` }
            : { PT: `Bônus mensal ${level.labelName}`, EN: `${level.labelName} monthly bonus` },
      });
    } catch (err) {
      // The operator's jurisdiction forbids this kind of reward: the level still changes, without the bonus
      // (the engine refuses before it writes anything, so the transaction goes on).
      if (!(err instanceof AppError && err.errorCode === ErrorCode.REWARD_FORBIDDEN_BY_JURISDICTION)) throw err;
      ctx.log.warn({ memberId, level: level.rankLevel, what }, 'vip bonus refused by the jurisdiction profile');
    }
  }

  /**
   * A member's level after new activity: up to the highest level the window qualifies for, each
   * level passed on the way getting its upgrade bonus once (key per member and level). Locks the
   * member's level row; the caller's transaction is the event consumer's.
   */
  async function upgradeIfQualified(
    trx: Db,
    memberId: string,
    at: number,
    levels: VipLevelRow[],
    windowDays: number,
  ): Promise<void> {
    // The module's lock order: the member's points row, then their level row (a points bonus pays into the first).
    await lockPointsAccount(trx, memberId);
    const current = await lockMemberLevel(trx, memberId);
    const totals = await windowTotals(trx, memberId, at, windowDays);
    const target = qualifiedRank(levels, totals);
    if (target <= current.rankLevel) return;
    // Reviewed in this period already: the next review is the next period's.
    await setMemberLevel(trx, memberId, target, monthOf(at));
    await events.record(trx, 'level_changed', memberId, { from: current.rankLevel, to: target });
    for (const level of levels) {
      if (level.rankLevel > current.rankLevel && level.rankLevel <= target) {
        await issueBonus(trx, memberId, level, 'upgrade', `vip-upgrade:${memberId}:${level.rankLevel}`);
      }
    }
  }

  return {
    /**
     * Count a batch's activity into the members' days (one statement), then upgrade the members it
     * moved. The window's totals and levels of all of them are read at once; only a member whose
     * totals now pass a level above theirs takes the locked path. The caller holds every active
     * member's points row already, so a review of one of them either committed before these reads
     * or waits for this batch.
     */
    async applyActivity(
      trx: Db,
      items: { memberId: string; at: Date; turnoverMinor: bigint; depositMinor: bigint }[],
    ): Promise<void> {
      const latest = new Map<string, number>();
      const days: MemberDayDelta[] = [];
      for (const i of items) {
        if (i.turnoverMinor <= 0n && i.depositMinor <= 0n) continue;
        days.push({
          memberId: i.memberId,
          day: dayOf(i.at),
          turnoverMinor: i.turnoverMinor > 0n ? i.turnoverMinor : 0n,
          depositMinor: i.depositMinor > 0n ? i.depositMinor : 0n,
        });
        latest.set(i.memberId, Math.max(latest.get(i.memberId) ?? 0, i.at.getTime()));
      }
      if (latest.size === 0) return;
      await addMemberDays(trx, days);
      const [levels, settings] = await Promise.all([findVipLevels(trx), findVipSettings(trx)]);
      const memberIds = [...latest.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      // Every member's window starts at the batch's earliest window, and each is checked against its own below.
      const earliest = Math.min(...latest.values());
      const [ranks, windows] = await Promise.all([
        findMemberRanks(trx, memberIds),
        sumMembersDays(trx, memberIds, dayOf(earliest - (settings.windowDays - 1) * DAY_MS)),
      ]);
      // Members in id order: the consumer's batch locks their level rows in one order.
      for (const memberId of memberIds) {
        const wide = windows.get(memberId) ?? { turnoverMinor: 0n, depositMinor: 0n };
        // The batch-wide window holds at least the member's own: below the next level there, below it in their own.
        if (qualifiedRank(levels, wide) <= (ranks.get(memberId) ?? 0)) continue;
        await upgradeIfQualified(trx, memberId, latest.get(memberId)!, levels, settings.windowDays);
      }
    },

    /**
     * The periodic review of `period` (a month): each member above level 0 not yet reviewed in it
     * goes down to the level the window qualifies for (when the operator reviews monthly), and
     * gets the monthly bonus of the level they keep, once per member and month. Safe to repeat.
     */
    async runReview(at: number = now()): Promise<number> {
      const period = monthOf(at);
      const [levels, settings] = await Promise.all([findVipLevels(db), findVipSettings(db)]);
      let handled = 0;
      for (;;) {
        const ids = await findMembersToReview(db, period, REVIEW_BATCH);
        if (ids.length === 0) break;
        for (const memberId of ids) {
          let downgraded = false;
          await runInTransaction(db, async (trx) => {
            await lockPointsAccount(trx, memberId);
            const current = await lockMemberLevel(trx, memberId);
            if (current.reviewedPeriod !== null && current.reviewedPeriod >= period) return;
            let rank = current.rankLevel;
            if (settings.reviewPeriod === 'monthly') {
              const target = qualifiedRank(levels, await windowTotals(trx, memberId, at, settings.windowDays));
              if (target < rank) {
                await setMemberLevel(trx, memberId, target, period);
                await events.record(trx, 'level_changed', memberId, { from: rank, to: target });
                rank = target;
                downgraded = true;
              }
            }
            await markReviewed(trx, memberId, period);
            const level = levels.find((l) => l.rankLevel === rank);
            if (level && rank > 0)
              await issueBonus(trx, memberId, level, 'monthly', `vip-monthly:${memberId}:${period}`);
          });
          if (downgraded) cache.changed(memberId);
          handled += 1;
        }
      }
      return handled;
    },

    /** MCS2_getVipInfo: the member's level, the window's totals and every level (the totals are the one read). */
    async getInfo(memberId: string): Promise<VipInfo> {
      const [{ levels, settings }, brand, { rankLevel }] = await Promise.all([
        cache.programme(),
        system.getBrand(),
        cache.member(memberId),
      ]);
      const totals = await windowTotals(db, memberId, now(), settings.windowDays);
      return {
        rankLevel,
        windowDays: settings.windowDays,
        turnover: formatMinor(totals.turnoverMinor, brand.currencyScale),
        deposit: formatMinor(totals.depositMinor, brand.currencyScale),
        currency: brand.currency,
        currencyScale: brand.currencyScale,
        levels: levels.map((l) => presentLevel(l, brand.currencyScale)),
      };
    },

    /** Members' VIP levels in the caller's transaction (the rewards engine's rule conditions). */
    findRanks: (memberIds: string[], trx: Db): Promise<Map<string, number>> => findMemberRanks(trx, memberIds),

    /** The member info's clubLabel and memberLabel (the member module asks here), from memory while the feed is live. */
    async findLabels(memberId: string): Promise<Pick<MemberInfo, 'clubLabel' | 'memberLabel'>> {
      const [{ levels }, facts] = await Promise.all([cache.programme(), cache.member(memberId)]);
      const level = levels.find((l) => l.rankLevel === facts.rankLevel);
      return {
        clubLabel: level
          ? { labelName: level.labelName, color: level.color, color2: level.color2, rankLevel: level.rankLevel }
          : null,
        memberLabel: facts.labels,
      };
    },

    /** The VIP levels a profile would forbid (the licence's switch asks, in its transaction). */
    licenceBlockers: vipLicenceBlockers,

    /** GET /ops/vip. */
    async getSettings(): Promise<OpsVipSettings> {
      const [levels, settings, brand] = await Promise.all([findVipLevels(db), findVipSettings(db), system.getBrand()]);
      return {
        windowDays: settings.windowDays,
        reviewPeriod: settings.reviewPeriod,
        levels: levels.map((l) => presentLevel(l, brand.currencyScale)),
      };
    },

    /** PUT /ops/vip: every level at once, ranks 0..n with rising thresholds; audited. */
    async saveSettings(operatorId: string, body: OpsVipSettings): Promise<OpsVipSettings> {
      const { currencyScale } = await system.getBrand();
      const levels: VipLevelRow[] = body.levels.map((l, i) => {
        const toMinor = (name: 'turnover' | 'deposit' | 'upgradeBonus' | 'monthlyBonus') =>
          amountFromWire(l[name], { field: `body.levels.${i}.${name}`, scale: currencyScale, allowZero: true });
        return {
          rankLevel: l.rankLevel,
          labelName: l.labelName,
          color: l.color,
          color2: l.color2,
          turnoverMinor: toMinor('turnover'),
          depositMinor: toMinor('deposit'),
          pointsMultiplierPct: l.pointsMultiplierPct,
          upgradeBonusKind: l.upgradeBonusKind,
          upgradeBonus: l.upgradeBonusKind === 'cash' ? toMinor('upgradeBonus') : BigInt(l.upgradeBonus.split('.')[0]!),
          monthlyBonusKind: l.monthlyBonusKind,
          monthlyBonus: l.monthlyBonusKind === 'cash' ? toMinor('monthlyBonus') : BigInt(l.monthlyBonus.split('.')[0]!),
          benefitsPt: l.benefitsPt,
          benefitsEn: l.benefitsEn,
        };
      });
      const sorted = [...levels].sort((a, b) => a.rankLevel - b.rankLevel);
      const invalid =
        sorted.some((l, i) => l.rankLevel !== i) ||
        sorted[0]!.turnoverMinor !== 0n ||
        sorted[0]!.depositMinor !== 0n ||
        sorted.some(
          (l, i) =>
            i > 0 && (l.turnoverMinor < sorted[i - 1]!.turnoverMinor || l.depositMinor < sorted[i - 1]!.depositMinor),
        );
      if (invalid)
        throw new AppError(
          ErrorCode.VIP_LEVELS_INVALID,
          'Levels must be ranks 0, 1, 2… with thresholds that rise with the rank, and rank 0 needs nothing',
        );
      const before = await this.getSettings();
      await runInTransaction(db, async (trx) => {
        // In the order sent, so the refusal names the level as the form lists it.
        refuseVipBreach(await ctx.licenceProfile(trx), levels);
        await replaceVipSettings(trx, { windowDays: body.windowDays, reviewPeriod: body.reviewPeriod }, sorted);
        await ctx.audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'vip.settings.update',
          subjectType: 'vip_settings',
          subjectId: '1',
          reason: null,
          before,
          after: body,
        });
      });
      cache.changed('all');
      return this.getSettings();
    },
  };
}

export type VipService = ReturnType<typeof createVipService>;
