import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RebateSettingsResult, RebateSummary } from '@wps/shared/schemas/rebate';
import { call, disableRegisterCaptcha, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { fundMember } from '../withdrawal/withdrawal.test-support';

// The rebate over the real event stream: rounds settle, the consumer counts turnover per category
// and period, an ended period is claimed once (a second or concurrent claim is refused), and in
// automatic mode the settlement pays each ended period once however often it runs.

const DAY = 86_400_000;

describeEachDatabase('rebate', (target) => {
  let t: TestApp;
  let marketing: string;
  let finance: string;
  let shift = 0;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => Date.now() + shift });
    marketing = await operatorToken(t, 'marketing');
    finance = await operatorToken(t, 'finance');
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  /** Marketing's change of the settings; a raise it leaves waiting is approved by finance (the second operator). */
  async function settings(body: Record<string, unknown>) {
    const answer = await call(t.app, 'PUT', '/ops/rebate/settings', {
      token: marketing,
      payload: {
        enabled: true,
        period: 'daily',
        mode: 'claim',
        rates: { RNG: 100, LIVE: 50 },
        reason: 'weekly promotion plan',
        ...body,
      },
    });
    const waiting = answer.statusCode === 200 ? (answer.json().value as RebateSettingsResult).waiting : null;
    if (waiting) {
      const approved = await call(t.app, 'POST', `/ops/rebate/setting-changes/${waiting.id}/approve`, {
        token: finance,
        payload: { reason: 'plan approved' },
      });
      expect(approved.statusCode).toBe(200);
    }
    return answer;
  }

  /** A funded player who bets (and gets part of one bet refunded) on the in-house vendor (RNG). */
  async function playerWithRounds(): Promise<{ token: string; memberId: string }> {
    const p = await newPlayer(t);
    await fundMember(t.app, p.memberId, 1_000_00n);
    const seamless = t.app.services.gateway.seamless;
    for (const amount of [100_00n, 23_45n]) {
      const round = `r-${crypto.randomUUID()}`;
      await seamless.bet({
        vassalage: 'inhouse',
        memberId: p.memberId,
        transactionId: `b-${crypto.randomUUID()}`,
        roundId: round,
        gameId: 'inhouse-slot',
        amountMinor: amount,
      });
      const refunded = `b-${crypto.randomUUID()}`;
      await seamless.bet({
        vassalage: 'inhouse',
        memberId: p.memberId,
        transactionId: refunded,
        roundId: round,
        gameId: 'inhouse-slot',
        amountMinor: 7_00n,
      });
      await seamless.rollback({
        vassalage: 'inhouse',
        memberId: p.memberId,
        transactionId: `rb-${crypto.randomUUID()}`,
        roundId: round,
        betTransactionId: refunded,
      });
      await seamless.win({
        vassalage: 'inhouse',
        memberId: p.memberId,
        transactionId: `w-${crypto.randomUUID()}`,
        roundId: round,
        amountMinor: 5_00n,
        roundClosed: true,
      });
    }
    await t.app.services.rewardEvents.drain();
    return p;
  }

  const summary = async (token: string) => valueOf<RebateSummary>(await call(t.app, 'GET', '/wps/rebate', { token }));
  const claim = (token: string, periodKey: string) =>
    call(t.app, 'POST', '/wps/rebate/claim', { token, payload: { periodKey } });
  const balance = (memberId: string) => t.app.services.ledger.getPlayerBalance(memberId);

  it('counts settled turnover per category, shows the calculation and refuses a claim before the period ends', async () => {
    expect((await settings({ rates: { RNG: 1001 } })).statusCode).toBe(400);
    expect((await settings({})).statusCode).toBe(200);
    const p = await playerWithRounds();
    const s = await summary(p.token);
    expect(s).toMatchObject({ enabled: true, period: 'daily', mode: 'claim' });
    // Turnover is bet − refund: 100.00 + 23.45 (the 7.00 bets were rolled back).
    expect(s.current).toMatchObject({
      status: 'in_progress',
      totalMinor: '123',
      lines: [{ category: 'RNG', turnoverMinor: '12345', rateBp: 100, amountMinor: '123' }],
    });
    const refused = await claim(p.token, s.current.periodKey);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'REBATE_NOT_CLAIMABLE' });
  });

  it('pays an ended period once: a second claim and concurrent claims are refused', async () => {
    shift = 0;
    const a = await playerWithRounds();
    const b = await playerWithRounds();
    const periodKey = (await summary(a.token)).current.periodKey;
    shift = DAY + 10 * 60_000;
    const past = (await summary(a.token)).past.find((x) => x.periodKey === periodKey);
    expect(past).toMatchObject({ status: 'claimable', totalMinor: '123' });

    const before = await balance(a.memberId);
    const first = await claim(a.token, periodKey);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ periodKey, amountMinor: '123' });
    expect(await balance(a.memberId)).toBe(before + 123n);
    const again = await claim(a.token, periodKey);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'REBATE_ALREADY_CLAIMED' });
    expect(await balance(a.memberId)).toBe(before + 123n);
    expect((await summary(a.token)).past.find((x) => x.periodKey === periodKey)).toMatchObject({
      status: 'paid',
      totalMinor: '123',
    });

    const beforeB = await balance(b.memberId);
    const results = await Promise.all([1, 2, 3, 4].map(() => claim(b.token, periodKey)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.json().errorCode === 'REBATE_ALREADY_CLAIMED')).toBe(true);
    expect(await balance(b.memberId)).toBe(beforeB + 123n);
    shift = 0;
  });

  it('in automatic mode pays each ended period once, however often the settlement runs, and refuses claims', async () => {
    shift = 0;
    const p = await playerWithRounds();
    const periodKey = (await summary(p.token)).current.periodKey;
    expect((await settings({ mode: 'auto' })).statusCode).toBe(200);
    const before = await balance(p.memberId);
    expect(await t.app.services.rebate.settleEndedPeriods()).toBe(0);
    shift = DAY + 10 * 60_000;
    expect((await claim(p.token, periodKey)).json()).toMatchObject({ errorCode: 'REBATE_NOT_CLAIMABLE' });
    const paid = await t.app.services.rebate.settleEndedPeriods();
    expect(paid).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.rebate.settleEndedPeriods()).toBe(0);
    expect(await balance(p.memberId)).toBe(before + 123n);
    expect((await summary(p.token)).past.find((x) => x.periodKey === periodKey)).toMatchObject({ status: 'paid' });
    expect((await settings({ mode: 'claim' })).statusCode).toBe(200);
    shift = 0;
  });

  // Last in the file: its automatic run settles every period the tests before it left unpaid.
  it('pays a period at the rates in force when it ran, not those of the day it is paid', async () => {
    shift = 0;
    expect((await settings({ rates: { RNG: 100 } })).statusCode).toBe(200);
    const claimed = await playerWithRounds();
    const periodKey = (await summary(claimed.token)).current.periodKey;
    // The day ends; the operator then raises slots from 1 % to 5 %.
    shift = DAY + 10 * 60_000;
    expect((await settings({ rates: { RNG: 500 } })).statusCode).toBe(200);
    expect((await summary(claimed.token)).past.find((x) => x.periodKey === periodKey)).toMatchObject({
      status: 'claimable',
      totalMinor: '123',
      lines: [{ category: 'RNG', turnoverMinor: '12345', rateBp: 100, amountMinor: '123' }],
    });
    const before = await balance(claimed.memberId);
    expect(valueOf<{ amountMinor: string }>(await claim(claimed.token, periodKey)).amountMinor).toBe('123');
    expect(await balance(claimed.memberId)).toBe(before + 123n);

    // The automatic payment the same way: a week at 1 %, raised to 5 % after it ended, paid at 1 %.
    // (The clock only moves forward, as it does in production: the rates are a history.)
    expect((await settings({ period: 'weekly', mode: 'auto', rates: { RNG: 100 } })).statusCode).toBe(200);
    const auto = await playerWithRounds();
    shift = 8 * DAY;
    expect((await settings({ period: 'weekly', mode: 'auto', rates: { RNG: 500 } })).statusCode).toBe(200);
    const beforeAuto = await balance(auto.memberId);
    while ((await t.app.services.rebate.settleEndedPeriods()) > 0);
    expect(await balance(auto.memberId)).toBe(beforeAuto + 123n);
    expect((await settings({})).statusCode).toBe(200);
    shift = 0;
  });
});
