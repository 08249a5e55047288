import { describe, expect, it } from 'vitest';
import type { RuleConditions, RuleReward } from '@wps/shared/schemas/rewards';
import type { RewardEvent, RewardEventKind } from './reward-events.types';
import {
  evaluateRule,
  eventAmount,
  eventTotals,
  rewardAmount,
  type LiveRule,
  type PlayerFacts,
} from './rule-evaluation';

// The rules engine's verdict on one event, without a database: the consumer and the dry run both
// rely on it, so each condition's refusal reason and each reward's arithmetic is pinned here.

const TZ = 'America/Sao_Paulo';
// Wednesday 2026-03-04, 15:30 in São Paulo (18:30 UTC).
const AT = new Date('2026-03-04T18:30:00.000Z');

const event = (kind: RewardEventKind, data: Record<string, unknown> = {}, occurredAt = AT): RewardEvent => ({
  id: '1',
  tx: '1',
  kind,
  memberId: '7',
  occurredAt,
  data,
});
const deposit = (amount: string, first = false) => event('deposit_credited', { amount, first });
const round = (bet: string, refund = '0') => event('round_settled', { bet, refund, win: '0', vassalage: 'SBX' });

const rule = (
  trigger: RewardEventKind,
  conditions: RuleConditions = {},
  reward: RuleReward = { kind: 'cash', amount: '100', params: {} },
  window: { startsAt?: Date; endsAt?: Date } = {},
): LiveRule => ({
  id: 'r1',
  trigger,
  conditions,
  reward,
  startsAt: window.startsAt ?? null,
  endsAt: window.endsAt ?? null,
});

const facts = (over: Partial<PlayerFacts> = {}, totals: Record<string, bigint> = {}): PlayerFacts => ({
  total: (metric, from, to) => totals[`${metric} ${from} ${to}`] ?? 0n,
  ...over,
});

const reasonOf = (r: LiveRule, e: RewardEvent, f: PlayerFacts = facts()) => {
  const v = evaluateRule(r, e, f, TZ);
  return v.ok ? `ok ${v.amount}` : v.reason;
};

describe('eventAmount and eventTotals', () => {
  it('reads a deposit, a round’s turnover net of refunds, and nothing from other kinds or malformed amounts', () => {
    expect(eventAmount(deposit('5000'))).toBe(5000n);
    expect(eventAmount(round('300', '100'))).toBe(200n);
    // A refund larger than the stake is no negative turnover.
    expect(eventAmount(round('100', '300'))).toBe(0n);
    expect(eventAmount(event('deposit_credited', { amount: 12.5 }))).toBe(0n);
    expect(eventAmount(event('deposit_credited', { amount: '1e3' }))).toBe(0n);
    expect(eventAmount(event('login', { amount: '900' }))).toBe(0n);
  });

  it('adds a deposit to the local day’s deposits, a round to all turnover and to its category', () => {
    expect(eventTotals(deposit('700'), undefined, TZ)).toEqual([
      { metric: 'deposit', day: '2026-03-04', amount: 700n },
    ]);
    expect(eventTotals(round('500'), 'RNG', TZ)).toEqual([
      { metric: 'turnover', day: '2026-03-04', amount: 500n },
      { metric: 'turnover:RNG', day: '2026-03-04', amount: 500n },
    ]);
    expect(eventTotals(round('500'), undefined, TZ)).toEqual([{ metric: 'turnover', day: '2026-03-04', amount: 500n }]);
    // 01:00 UTC on the 5th is still the 4th in São Paulo.
    const late = event('deposit_credited', { amount: '1' }, new Date('2026-03-05T01:00:00.000Z'));
    expect(eventTotals(late, undefined, TZ)[0]?.day).toBe('2026-03-04');
    expect(eventTotals(round('0'), 'RNG', TZ)).toEqual([]);
    expect(eventTotals(event('withdrawal_requested', { amount: '500' }), undefined, TZ)).toEqual([]);
  });
});

describe('rewardAmount', () => {
  it('pays a fixed amount, or a percentage rounded down and capped', () => {
    expect(rewardAmount({ kind: 'cash', amount: '250', params: {} }, 99_999n)).toBe(250n);
    expect(rewardAmount({ kind: 'cash', percentBp: 1000, params: {} }, 12_345n)).toBe(1_234n);
    expect(rewardAmount({ kind: 'cash', percentBp: 1000, maxAmount: '1000', params: {} }, 12_345n)).toBe(1_000n);
    expect(rewardAmount({ kind: 'cash', percentBp: 1000, maxAmount: '5000', params: {} }, 12_345n)).toBe(1_234n);
    expect(rewardAmount({ kind: 'cash', params: {} }, 12_345n)).toBe(0n);
  });
});

describe('evaluateRule', () => {
  it('refuses another trigger and events outside the rule’s dates', () => {
    expect(reasonOf(rule('login'), deposit('100'))).toBe('trigger');
    const starts = new Date(AT.getTime() + 1);
    expect(reasonOf(rule('login', {}, undefined, { startsAt: starts }), event('login'))).toBe('not_started');
    expect(reasonOf(rule('login', {}, undefined, { endsAt: AT }), event('login'))).toBe('ended');
    const open = { startsAt: new Date(AT.getTime() - 1), endsAt: new Date(AT.getTime() + 1) };
    expect(reasonOf(rule('login', {}, undefined, open), event('login'))).toBe('ok 100');
  });

  it('checks a deposit’s firstness and its amount range', () => {
    expect(reasonOf(rule('deposit_credited', { firstDeposit: true }), deposit('100'))).toBe('first_deposit');
    expect(reasonOf(rule('deposit_credited', { firstDeposit: true }), deposit('100', true))).toBe('ok 100');
    expect(reasonOf(rule('deposit_credited', { depositMin: '1000' }), deposit('999'))).toBe('deposit_min');
    expect(reasonOf(rule('deposit_credited', { depositMin: '1000' }), deposit('1000'))).toBe('ok 100');
    expect(reasonOf(rule('deposit_credited', { depositMax: '1000' }), deposit('1001'))).toBe('deposit_max');
    expect(reasonOf(rule('deposit_credited', { depositMax: '1000' }), deposit('1000'))).toBe('ok 100');
  });

  it('takes only rounds of the listed categories', () => {
    const r = rule('round_settled', { roundCategories: ['RNG', 'LIVE'] });
    expect(reasonOf(r, round('100'), facts({ category: 'RNG' }))).toBe('ok 100');
    expect(reasonOf(r, round('100'), facts({ category: 'SPORTS' }))).toBe('round_category');
    expect(reasonOf(r, round('100'), facts())).toBe('round_category');
  });

  it('compares the period’s running totals, this event included, with the minimum', () => {
    const week = rule('login', { depositInPeriod: { period: 'week', min: '5000' } });
    // The ISO week of Wednesday 4 March starts on Monday 2 March.
    expect(reasonOf(week, event('login'), facts({}, { 'deposit 2026-03-02 2026-03-04': 4999n }))).toBe(
      'deposit_in_period',
    );
    expect(reasonOf(week, event('login'), facts({}, { 'deposit 2026-03-02 2026-03-04': 5000n }))).toBe('ok 100');
    const rng = rule('login', { turnoverInPeriod: { period: 'month', min: '300', category: 'RNG' } });
    expect(reasonOf(rng, event('login'), facts({}, { 'turnover:RNG 2026-03-01 2026-03-04': 300n }))).toBe('ok 100');
    expect(reasonOf(rng, event('login'), facts({}, { 'turnover 2026-03-01 2026-03-04': 900n }))).toBe(
      'turnover_in_period',
    );
    const today = rule('login', { turnoverInPeriod: { period: 'day', min: '1' } });
    expect(reasonOf(today, event('login'), facts({}, { 'turnover 2026-03-04 2026-03-04': 1n }))).toBe('ok 100');
  });

  it('keeps to the VIP range, a player without a level being level 0', () => {
    expect(reasonOf(rule('login', { vipLevelMin: 1 }), event('login'))).toBe('vip_level');
    expect(reasonOf(rule('login', { vipLevelMin: 1 }), event('login'), facts({ vipLevel: 1 }))).toBe('ok 100');
    expect(reasonOf(rule('login', { vipLevelMax: 3 }), event('login'), facts({ vipLevel: 4 }))).toBe('vip_level');
    expect(reasonOf(rule('login', { vipLevelMax: 3 }), event('login'), facts({ vipLevel: 3 }))).toBe('ok 100');
  });

  it('keeps to the registration segment [from, until), refusing a player whose registration is unknown', () => {
    const r = rule('login', {
      registeredFrom: '2026-01-01T00:00:00.000Z',
      registeredUntil: '2026-02-01T00:00:00.000Z',
    });
    expect(reasonOf(r, event('login'), facts({ registeredAt: new Date('2026-01-01T00:00:00.000Z') }))).toBe('ok 100');
    expect(reasonOf(r, event('login'), facts({ registeredAt: new Date('2025-12-31T23:59:59.000Z') }))).toBe('segment');
    expect(reasonOf(r, event('login'), facts({ registeredAt: new Date('2026-02-01T00:00:00.000Z') }))).toBe('segment');
    expect(reasonOf(r, event('login'), facts({ registeredAt: null }))).toBe('segment');
    const until = rule('login', { registeredUntil: '2026-02-01T00:00:00.000Z' });
    expect(reasonOf(until, event('login'), facts({ registeredAt: new Date('2020-01-01') }))).toBe('ok 100');
  });

  it('keeps to the local weekdays and hours [fromHour, untilHour)', () => {
    // Wednesday is 3; 15:30 local is hour 15.
    expect(reasonOf(rule('login', { weekdays: [3] }), event('login'))).toBe('ok 100');
    expect(reasonOf(rule('login', { weekdays: [0, 6] }), event('login'))).toBe('time_window');
    expect(reasonOf(rule('login', { fromHour: 15 }), event('login'))).toBe('ok 100');
    expect(reasonOf(rule('login', { fromHour: 16 }), event('login'))).toBe('time_window');
    expect(reasonOf(rule('login', { untilHour: 16 }), event('login'))).toBe('ok 100');
    expect(reasonOf(rule('login', { untilHour: 15 }), event('login'))).toBe('time_window');
  });

  it('asks for the promotion to be joined, and refuses a reward that comes to nothing', () => {
    expect(reasonOf(rule('login', { joinedPromotion: true }), event('login'))).toBe('not_joined');
    expect(reasonOf(rule('login', { joinedPromotion: true }), event('login'), facts({ joinedPromotion: true }))).toBe(
      'ok 100',
    );
    const tenth = rule('deposit_credited', {}, { kind: 'cash', percentBp: 10, params: {} });
    // 0.1 % of 999 minor units rounds down to nothing.
    expect(reasonOf(tenth, deposit('999'))).toBe('zero_reward');
    expect(reasonOf(tenth, deposit('10000'))).toBe('ok 10');
  });
});
