import type { Kysely } from 'kysely';
import { periodKey } from '@wps/shared/reward-periods';
import {
  MONITORING_RULE_SETTINGS,
  type MonitoringFigures,
  type MonitoringRule,
  type MonitoringSettings,
} from '@wps/shared/schemas/monitoring';
import type { Database } from '../../db/schema';
import {
  findDepositChases,
  findDepositTotals,
  findLimitLoosenings,
  findNightPlay,
  findReversals,
  findStakeChases,
  type Window,
} from './monitoring-detect.repository';
import type { MonitoringViews } from './monitoring-views';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Each rule's rolling window and the calendar period (operator's time zone) a flag stands for. A
 * player is flagged for a rule at most once per period, and not again until the last flag's
 * window has passed (the cool-down equals the window), so no event counts in two flags.
 */
export const RULE_SPANS: Record<MonitoringRule, { windowMs: number; period: 'daily' | 'weekly' | 'monthly' }> = {
  deposits_rising: { windowMs: 7 * DAY, period: 'weekly' },
  night_play: { windowMs: 7 * DAY, period: 'weekly' },
  loss_chasing: { windowMs: DAY, period: 'daily' },
  withdrawals_reversed: { windowMs: 30 * DAY, period: 'monthly' },
  limits_raised: { windowMs: 30 * DAY, period: 'monthly' },
};

/** A flag the scan would raise: who, which rule, the period, the window and what it counted. */
export type Candidate = {
  memberId: string;
  rule: MonitoringRule;
  periodKey: string;
  window: Window;
  figures: MonitoringFigures;
};

type Detect = {
  db: Kysely<Database>;
  views: MonitoringViews;
  at: Date;
  timeZone: string;
  settings: MonitoringSettings;
};

function windowOf(rule: MonitoringRule, at: Date): Window {
  return { from: new Date(at.getTime() - RULE_SPANS[rule].windowMs), to: at };
}

function candidate(d: Detect, rule: MonitoringRule, memberId: string, figures: MonitoringFigures): Candidate {
  return {
    memberId,
    rule,
    periodKey: periodKey(d.at, RULE_SPANS[rule].period, d.timeZone),
    window: windowOf(rule, d.at),
    figures,
  };
}

/**
 * Deposits rising fast: the last 7 days' credited deposits are at least `factorPercent` of the
 * player's average week over the `baselineWeeks` before, and at least `minRecentMinor`. A player
 * with no deposit in the baseline has no usual week to rise from and is left to the other rules.
 */
async function depositsRising(d: Detect): Promise<Candidate[]> {
  const s = d.settings.depositsRising;
  const recent = windowOf('deposits_rising', d.at);
  const baselineFrom = new Date(recent.from.getTime() - s.baselineWeeks * 7 * DAY);
  const rows = await findDepositTotals(d.db, d.views, recent, baselineFrom, s.minRecentMinor);
  return rows
    .filter(
      (r) =>
        r.baselineCount > 0 &&
        BigInt(r.recent) * BigInt(s.baselineWeeks) * 100n >= BigInt(r.baseline) * BigInt(s.factorPercent),
    )
    .map((r) =>
      candidate(d, 'deposits_rising', String(r.memberId), {
        recentMinor: r.recent,
        recentDeposits: r.recentCount,
        baselineMinor: r.baseline,
        baselineDeposits: r.baselineCount,
        baselineWeeks: s.baselineWeeks,
        baselineWeekMinor: (BigInt(r.baseline) / BigInt(s.baselineWeeks)).toString(),
        risePercent: Number((BigInt(r.recent) * BigInt(s.baselineWeeks) * 100n) / BigInt(r.baseline)),
        thresholdPercent: s.factorPercent,
      }),
    );
}

/** Play at night: rounds begun in the night hours on at least `minNights` nights of the last 7 days. */
async function nightPlay(d: Detect): Promise<Candidate[]> {
  const s = d.settings.nightPlay;
  const rows = await findNightPlay(d.db, d.views, windowOf('night_play', d.at), d.timeZone, s);
  return rows.flatMap((r) => {
    const nights = (r.nights ?? '').split(',').filter(Boolean).sort();
    if (nights.length < s.minNights) return [];
    return [
      candidate(d, 'night_play', String(r.memberId), {
        nights: nights.length,
        nightDates: nights,
        nightRounds: r.rounds,
        nightStakesMinor: r.stakes,
        startHour: s.startHour,
        endHour: s.endHour,
        thresholdNights: s.minNights,
      }),
    ];
  });
}

/**
 * Chasing losses: over the last 24 hours, at least `minChases` chases — a deposit, or a stake at
 * least `stakeRaisePercent` of the lost one, within `afterLossMinutes` after a losing round — and a
 * net loss of at least `minNetLossMinor` over the same hours.
 */
async function lossChasing(d: Detect): Promise<Candidate[]> {
  const s = d.settings.lossChasing;
  const w = windowOf('loss_chasing', d.at);
  const [stakes, deposits] = await Promise.all([
    findStakeChases(d.db, d.views, w, s),
    findDepositChases(d.db, d.views, w, s.afterLossMinutes),
  ]);
  const depositChases = new Map(deposits.map((r) => [String(r.memberId), r.depositsAfterLoss]));
  return stakes.flatMap((r) => {
    const memberId = String(r.memberId);
    const afterLoss = depositChases.get(memberId) ?? 0;
    const chases = afterLoss + r.stakeRaises;
    if (chases < s.minChases || BigInt(r.netLoss) < BigInt(s.minNetLossMinor)) return [];
    return [
      candidate(d, 'loss_chasing', memberId, {
        chases,
        depositsAfterLoss: afterLoss,
        stakesRaisedAfterLoss: r.stakeRaises,
        netLossMinor: r.netLoss,
        rounds: r.rounds,
        afterLossMinutes: s.afterLossMinutes,
        thresholdChases: s.minChases,
      }),
    ];
  });
}

/** Withdrawals reversed to play: at least `minReversals` withdrawals in 30 days whose money came back and was staked within `playWithinHours`. */
async function withdrawalsReversed(d: Detect): Promise<Candidate[]> {
  const s = d.settings.withdrawalsReversed;
  const rows = await findReversals(d.db, d.views, windowOf('withdrawals_reversed', d.at), s.playWithinHours);
  return rows
    .filter((r) => r.played >= s.minReversals)
    .map((r) =>
      candidate(d, 'withdrawals_reversed', String(r.memberId), {
        reversedAndPlayed: r.played,
        reversals: r.reversals,
        reversedMinor: r.playedAmount,
        playWithinHours: s.playWithinHours,
        thresholdReversals: s.minReversals,
      }),
    );
}

/** Limits raised often: at least `minRaises` requests to raise or remove a limit in 30 days. */
async function limitsRaised(d: Detect): Promise<Candidate[]> {
  const s = d.settings.limitsRaised;
  const rows = await findLimitLoosenings(d.db, d.views, windowOf('limits_raised', d.at), s.minRaises);
  return rows.map((r) =>
    candidate(d, 'limits_raised', String(r.memberId), {
      raises: r.raises,
      limits: (r.kinds ?? '').split(',').filter(Boolean).sort(),
      thresholdRaises: s.minRaises,
    }),
  );
}

const RULES: Record<MonitoringRule, (d: Detect) => Promise<Candidate[]>> = {
  deposits_rising: depositsRising,
  night_play: nightPlay,
  loss_chasing: lossChasing,
  withdrawals_reversed: withdrawalsReversed,
  limits_raised: limitsRaised,
};

/** Every switched-on rule's candidates at `at`, one rule after another (reads only). */
export async function detectAll(d: Detect): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const rule of Object.keys(RULES) as MonitoringRule[]) {
    if (d.settings[MONITORING_RULE_SETTINGS[rule]].enabled) out.push(...(await RULES[rule](d)));
  }
  return out;
}
