import { daysOfPeriodSoFar, localDate, localDayKey } from '@wps/shared/reward-periods';
import type { RuleConditions, RuleReward } from '@wps/shared/schemas/rewards';
import type { RewardEvent } from './reward-events.types';

/**
 * A rule's conditions against one event, with no database: the consumer and the dry run give it
 * the same inputs (the player's running totals, the facts other modules answer), so a dry run shows
 * what the live rule would pay.
 */

/** A rule as the evaluation needs it. */
export type LiveRule = {
  id: string;
  trigger: string;
  conditions: RuleConditions;
  reward: RuleReward;
  startsAt: Date | null;
  endsAt: Date | null;
};

/** What is known about the player at the event. */
export type PlayerFacts = {
  /** The game category of a round's vendor (round_settled). */
  category?: string | undefined;
  vipLevel?: number | undefined;
  registeredAt?: Date | null | undefined;
  joinedPromotion?: boolean | undefined;
  /** The player's total of a metric over local days [from, to], this event included. */
  total: (metric: string, fromDay: string, toDay: string) => bigint;
};

/** The metrics the engine keeps per player and day. */
export const METRIC_DEPOSIT = 'deposit';
export const METRIC_TURNOVER = 'turnover';
export const turnoverMetric = (category?: string) => (category ? `${METRIC_TURNOVER}:${category}` : METRIC_TURNOVER);

/** The amount an event carries: a deposit's amount, a round's turnover (stake less refunds); 0 for the others. */
export function eventAmount(e: RewardEvent): bigint {
  const n = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : 0n);
  if (e.kind === 'deposit_credited') return n(e.data['amount']);
  if (e.kind === 'round_settled') {
    const t = n(e.data['bet']) - n(e.data['refund']);
    return t > 0n ? t : 0n;
  }
  return 0n;
}

/** The daily totals an event adds to (deposits; turnover in all and in its category). */
export function eventTotals(
  e: RewardEvent,
  category: string | undefined,
  timeZone: string,
): { metric: string; day: string; amount: bigint }[] {
  const amount = eventAmount(e);
  if (amount <= 0n) return [];
  const day = localDayKey(e.occurredAt, timeZone);
  if (e.kind === 'deposit_credited') return [{ metric: METRIC_DEPOSIT, day, amount }];
  if (e.kind === 'round_settled') {
    const out = [{ metric: METRIC_TURNOVER, day, amount }];
    if (category) out.push({ metric: turnoverMetric(category), day, amount });
    return out;
  }
  return [];
}

export type Evaluation = { ok: true; amount: bigint } | { ok: false; reason: string };

/** Whether the rule gives its reward for this event, and how much. */
export function evaluateRule(rule: LiveRule, e: RewardEvent, facts: PlayerFacts, timeZone: string): Evaluation {
  if (rule.trigger !== e.kind) return { ok: false, reason: 'trigger' };
  const at = e.occurredAt.getTime();
  if (rule.startsAt && at < rule.startsAt.getTime()) return { ok: false, reason: 'not_started' };
  if (rule.endsAt && at >= rule.endsAt.getTime()) return { ok: false, reason: 'ended' };
  const c = rule.conditions;
  const amount = eventAmount(e);
  if (c.firstDeposit && !(e.kind === 'deposit_credited' && e.data['first'] === true))
    return { ok: false, reason: 'first_deposit' };
  if (c.depositMin && !(e.kind === 'deposit_credited' && amount >= BigInt(c.depositMin)))
    return { ok: false, reason: 'deposit_min' };
  if (c.depositMax && !(e.kind === 'deposit_credited' && amount <= BigInt(c.depositMax)))
    return { ok: false, reason: 'deposit_max' };
  if (
    c.roundCategories &&
    !(e.kind === 'round_settled' && facts.category && (c.roundCategories as string[]).includes(facts.category))
  ) {
    return { ok: false, reason: 'round_category' };
  }
  if (c.depositInPeriod) {
    const { from, to } = daysOfPeriodSoFar(e.occurredAt, c.depositInPeriod.period, timeZone);
    if (facts.total(METRIC_DEPOSIT, from, to) < BigInt(c.depositInPeriod.min))
      return { ok: false, reason: 'deposit_in_period' };
  }
  if (c.turnoverInPeriod) {
    const { from, to } = daysOfPeriodSoFar(e.occurredAt, c.turnoverInPeriod.period, timeZone);
    if (facts.total(turnoverMetric(c.turnoverInPeriod.category), from, to) < BigInt(c.turnoverInPeriod.min))
      return { ok: false, reason: 'turnover_in_period' };
  }
  const level = facts.vipLevel ?? 0;
  if (c.vipLevelMin !== undefined && level < c.vipLevelMin) return { ok: false, reason: 'vip_level' };
  if (c.vipLevelMax !== undefined && level > c.vipLevelMax) return { ok: false, reason: 'vip_level' };
  if (c.registeredFrom || c.registeredUntil) {
    const reg = facts.registeredAt?.getTime();
    if (reg === undefined) return { ok: false, reason: 'segment' };
    if (c.registeredFrom && reg < Date.parse(c.registeredFrom)) return { ok: false, reason: 'segment' };
    if (c.registeredUntil && reg >= Date.parse(c.registeredUntil)) return { ok: false, reason: 'segment' };
  }
  if (c.weekdays || c.fromHour !== undefined || c.untilHour !== undefined) {
    const { weekday, hour } = localWeekdayHour(e.occurredAt, timeZone);
    if (c.weekdays && !c.weekdays.includes(weekday)) return { ok: false, reason: 'time_window' };
    if (c.fromHour !== undefined && hour < c.fromHour) return { ok: false, reason: 'time_window' };
    if (c.untilHour !== undefined && hour >= c.untilHour) return { ok: false, reason: 'time_window' };
  }
  if (c.joinedPromotion && !facts.joinedPromotion) return { ok: false, reason: 'not_joined' };
  const reward = rewardAmount(rule.reward, amount);
  if (reward <= 0n) return { ok: false, reason: 'zero_reward' };
  return { ok: true, amount: reward };
}

/** A fixed reward, or a percentage (basis points, rounded down) of the event's amount up to the cap. */
export function rewardAmount(r: RuleReward, base: bigint): bigint {
  if (r.amount) return BigInt(r.amount);
  const pct = (base * BigInt(r.percentBp ?? 0)) / 10_000n;
  return r.maxAmount && pct > BigInt(r.maxAmount) ? BigInt(r.maxAmount) : pct;
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

function localWeekdayHour(at: Date, timeZone: string): { weekday: number; hour: number } {
  let f = hourFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timeZone, f);
  }
  const hour = Number(f.formatToParts(at).find((p) => p.type === 'hour')?.value ?? 0);
  const [y, m, d] = localDate(at, timeZone);
  return { weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(), hour };
}
