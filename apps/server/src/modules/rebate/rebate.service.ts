import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import { periodOf, periodOfKey, type PeriodWindow } from '@wps/shared/reward-period-windows';
import type { RebateClaimResult, RebateLine, RebatePeriod, RebateSummary } from '@wps/shared/schemas/rebate';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { EventSubscriber } from '../rewards/reward-events.types';
import type { SetupCeilings } from '../operator-money/operator-money-setups';
import type { GrantRequest, GrantStatus } from '../rewards/reward-grants.types';
import { createRebateSettings } from './rebate-settings';
import {
  addTurnover,
  findMemberEndedPeriods,
  findMemberPayouts,
  findMemberTurnover,
  findRateVersions,
  findUnpaidTurnover,
  findUnsettledPeriods,
  insertPayout,
  insertSettlement,
  readRebateSettings,
  setPayoutGrant,
  type RateVersion,
  type TurnoverDelta,
  type TurnoverRow,
} from './rebate.repository';

type Db = Kysely<Database>;

/** What the rebate needs of the rewards engine: its grants and the operator's time zone. */
export type RebateGrants = {
  issue(trx: Db, req: GrantRequest): Promise<{ grantId: string; status: GrantStatus; created: boolean }>;
};

export type RebateContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  grants: RebateGrants;
  timeZone: (db: Db) => Promise<string>;
  /** Every vendor's game category (the catalogue's in-memory copy); read outside any transaction. */
  vendorCategories: () => Promise<Map<string, string>>;
  /** The operator's currency and its scale (the system's brand). */
  brand: () => Promise<{ currency: string; currencyScale: number }>;
  now?: (() => number) | undefined;
  /** The operator money policy's check of the second operator who lets a raise of the settings through. */
  setups: Pick<SetupCeilings, 'assertApprover'>;
};

/**
 * A period is paid only this long after it ends: a round settled just before midnight reaches the
 * counters a moment later (the event stream's lag), and must count before the period is paid.
 */
export const REBATE_SETTLE_DELAY_MS = 5 * 60_000;
/** Ended periods the player's page lists. */
const PAST_PERIODS = 14;
/** Periods one run of the automatic payment settles at most (the rest wait for the next run). */
const PERIODS_PER_RUN = 5;
const TITLE = { PT: 'Bônus de apostas', EN: 'Betting bonus' };

/** Per category: turnover × rate (basis points), rounded down to the minor unit. */
export function rebateLines(
  rows: readonly TurnoverRow[],
  rates: Record<string, number>,
): { lines: RebateLine[]; total: bigint } {
  const lines: RebateLine[] = [];
  let total = 0n;
  for (const category of GAME_CATEGORIES) {
    const turnover = rows.filter((r) => r.category === category).reduce((sum, r) => sum + r.turnover, 0n);
    if (turnover === 0n) continue;
    const rateBp = rates[category] ?? 0;
    const amount = (turnover * BigInt(rateBp)) / 10_000n;
    total += amount;
    lines.push({ category, turnoverMinor: turnover.toString(), rateBp, amountMinor: amount.toString() });
  }
  return { lines, total };
}

/**
 * The rates a period is paid at: those in force at its end, the last version that took effect
 * before the period ended (`versions` newest first). A change made after a period ended never
 * reaches it, however late it is claimed or paid.
 */
export function ratesInForceAt(versions: readonly RateVersion[], periodEnd: Date): Record<string, number> {
  return versions.find((v) => v.effectiveFrom.getTime() < periodEnd.getTime())?.rates ?? {};
}

/**
 * The rebate: counts each player's settled turnover (bet − refund of round_settled events) per
 * period and category, shows the calculation, and pays each ended period once, as a cash grant
 * keyed `rebate:<member>:<period>`: claimed by the player, or by the automatic payment job. A
 * period is calculated and paid at the rates in force at its end (`ratesInForceAt`), never at
 * those of the day it is paid.
 *
 * Locks, in this order: the payout row (member, period), then what the engine's grant takes (its
 * grant row, then ledger accounts by id). The counters are written by the consumer alone.
 */
export function createRebateService(ctx: RebateContext) {
  const { db, audit, grants } = ctx;
  const now = () => new Date((ctx.now ?? Date.now)());
  const operatorSettings = createRebateSettings({ db, audit, setups: ctx.setups, now });

  /** Pay one period to one member in `trx`: the payout row first, then the grant. False when already paid. */
  async function pay(
    trx: Db,
    memberId: string,
    periodKey: string,
    rows: TurnoverRow[],
    rates: Record<string, number>,
    paidBy: 'claim' | 'auto',
  ) {
    const { lines, total } = rebateLines(rows, rates);
    if (total === 0n) return { paid: false as const, total };
    if (!(await insertPayout(trx, { memberId, periodKey, amount: total, lines, paidBy })))
      return { paid: false as const, total, exists: true };
    const grant = await grants.issue(trx, {
      memberId,
      kind: 'cash',
      amount: total,
      source: 'rebate',
      sourceRef: periodKey,
      key: `rebate:${memberId}:${periodKey}`,
      delivery: 'auto',
      title: TITLE,
      params: { periodKey },
    });
    await setPayoutGrant(trx, memberId, periodKey, grant.grantId);
    return { paid: true as const, total, grantId: grant.grantId };
  }

  function periodView(
    window: PeriodWindow,
    rows: TurnoverRow[],
    rates: Record<string, number>,
    payout: { amount: bigint; lines: RebateLine[]; paidAt: Date } | undefined,
    mode: 'claim' | 'auto',
    at: Date,
  ): RebatePeriod {
    const base = { periodKey: window.key, start: window.start.toISOString(), end: window.end.toISOString() };
    if (payout)
      return {
        ...base,
        status: 'paid',
        lines: payout.lines,
        totalMinor: payout.amount.toString(),
        paidAt: payout.paidAt.toISOString(),
      };
    const { lines, total } = rebateLines(rows, rates);
    const settled = at.getTime() >= window.end.getTime() + REBATE_SETTLE_DELAY_MS;
    const status = !settled ? 'in_progress' : total === 0n ? 'none' : mode === 'claim' ? 'claimable' : 'pending';
    return { ...base, status, lines, totalMinor: total.toString(), paidAt: null };
  }

  return {
    /** The consumer of round_settled events that keeps the counters (subscribed in services.ts). */
    subscriber(): EventSubscriber {
      // Read before the batch's transaction: on PGlite's one connection a read of the catalogue's
      // copy from inside it would wait for the transaction itself.
      let categories = new Map<string, string>();
      return {
        name: 'rebate-turnover',
        kinds: ['round_settled'],
        async beforeBatch() {
          categories = await ctx.vendorCategories();
        },
        async handle(trx, events) {
          const settings = await readRebateSettings(trx);
          const timeZone = await ctx.timeZone(trx);
          const deltas = new Map<string, TurnoverDelta>();
          for (const e of events) {
            const turnover = BigInt(String(e.data['bet'] ?? '0')) - BigInt(String(e.data['refund'] ?? '0'));
            if (turnover <= 0n) continue;
            const category = categories.get(String(e.data['vassalage'] ?? ''));
            if (!category) continue;
            const window = periodOf(e.occurredAt, settings.period, timeZone);
            const key = `${e.memberId}|${window.key}|${category}`;
            const d = deltas.get(key);
            if (d) d.amount += turnover;
            else
              deltas.set(key, {
                memberId: e.memberId,
                periodKey: window.key,
                category,
                periodEnd: window.end,
                amount: turnover,
              });
          }
          await addTurnover(trx, [...deltas.values()]);
        },
      };
    },

    /** Whether the rebate is on (the player site's side-menu entry, through the permission call). */
    isEnabled: async (): Promise<boolean> => (await readRebateSettings(db)).enabled,

    /** GET /wps/rebate. */
    async summary(memberId: string): Promise<RebateSummary> {
      const at = now();
      const settings = await readRebateSettings(db);
      const timeZone = await ctx.timeZone(db);
      const brand = await ctx.brand();
      const current = periodOf(at, settings.period, timeZone);
      const pastKeys = (await findMemberEndedPeriods(db, memberId, at, PAST_PERIODS)).filter((k) => k !== current.key);
      const keys = [current.key, ...pastKeys];
      const windows = new Map<string, PeriodWindow>([[current.key, current]]);
      for (const k of pastKeys) {
        const w = periodOfKey(k, timeZone);
        if (w) windows.set(k, w);
      }
      const [rows, payoutRows, versions] = await Promise.all([
        findMemberTurnover(db, memberId, keys),
        findMemberPayouts(db, memberId, keys),
        findRateVersions(db, new Date(Math.min(...[...windows.values()].map((w) => w.end.getTime())))),
      ]);
      const payouts = new Map(payoutRows.map((p) => [p.periodKey, p]));
      const view = (key: string, window: PeriodWindow) => {
        const p = payouts.get(key);
        return periodView(
          window,
          rows.filter((r) => r.periodKey === key),
          ratesInForceAt(versions, window.end),
          p && { amount: p.amount, lines: p.lines as RebateLine[], paidAt: p.paidAt },
          settings.mode,
          at,
        );
      };
      return {
        enabled: settings.enabled,
        currency: brand.currency,
        scale: brand.currencyScale,
        period: settings.period,
        mode: settings.mode,
        rates: GAME_CATEGORIES.filter((c) => (settings.rates[c] ?? 0) > 0).map((c) => ({
          category: c,
          rateBp: settings.rates[c]!,
        })),
        current: view(current.key, current),
        past: pastKeys.flatMap((k) => {
          const w = windows.get(k);
          return w ? [view(k, w)] : [];
        }),
      };
    },

    /** POST /wps/rebate/claim: an ended period's rebate, once. */
    async claim(memberId: string, periodKey: string): Promise<RebateClaimResult> {
      const at = now();
      return runInTransaction(db, async (trx) => {
        const settings = await readRebateSettings(trx);
        if (!settings.enabled || settings.mode !== 'claim')
          throw new AppError(ErrorCode.REBATE_NOT_CLAIMABLE, 'The rebate is not claimed by players here');
        const window = periodOfKey(periodKey, await ctx.timeZone(trx));
        if (!window || at.getTime() < window.end.getTime() + REBATE_SETTLE_DELAY_MS)
          throw new AppError(ErrorCode.REBATE_NOT_CLAIMABLE, 'This period has not ended yet');
        const rows = await findMemberTurnover(trx, memberId, [periodKey]);
        const rates = ratesInForceAt(await findRateVersions(trx, window.end), window.end);
        const outcome = await pay(trx, memberId, periodKey, rows, rates, 'claim');
        if (outcome.paid) return { periodKey, amountMinor: outcome.total.toString(), grantId: outcome.grantId };
        if (outcome.exists) throw new AppError(ErrorCode.REBATE_ALREADY_CLAIMED, 'This period was already paid');
        throw new AppError(ErrorCode.REBATE_NOT_CLAIMABLE, 'Nothing to claim for this period');
      });
    },

    /**
     * The automatic payment: every ended period not settled yet, each member's rebate paid once,
     * and the mark of each period (and `complete`, the job's own) in the same transaction as the
     * payments. In claim mode periods stay for the players to claim. Returns the payments made.
     */
    async settleEndedPeriods(complete?: (trx: Db, handled: number) => Promise<boolean>): Promise<number> {
      const cutoff = new Date(now().getTime() - REBATE_SETTLE_DELAY_MS);
      return runInTransaction(db, async (trx) => {
        const settings = await readRebateSettings(trx);
        let handled = 0;
        if (settings.enabled && settings.mode === 'auto') {
          for (const key of await findUnsettledPeriods(trx, cutoff, PERIODS_PER_RUN)) {
            let payouts = 0;
            const unpaid = await findUnpaidTurnover(trx, key);
            // Every row of a period carries its end, as the consumer cut it.
            const end = [...unpaid.values()][0]?.[0]?.periodEnd;
            const rates = end ? ratesInForceAt(await findRateVersions(trx, end), end) : {};
            for (const [memberId, rows] of unpaid) {
              if ((await pay(trx, memberId, key, rows, rates, 'auto')).paid) payouts++;
            }
            await insertSettlement(trx, key, payouts);
            handled += payouts;
          }
        }
        if (complete && !(await complete(trx, handled)))
          throw new Error('rebate: the period claim was taken over; its payments roll back');
        return handled;
      });
    },

    /** The operator's settings: read, lowered at once, raised by a second operator (rebate-settings.ts). */
    settings: operatorSettings,
  };
}

export type RebateService = ReturnType<typeof createRebateService>;
