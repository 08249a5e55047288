import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, updateOperatorSetting, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { createPayoutChecks } from '../operator-money/operator-money-withdrawals';
import { createWithdrawalService, type WithdrawalService } from './withdrawal.service';
import {
  balanceOf,
  createPayer,
  midDayClock,
  newKey,
  operatorToken,
  PAYMENT_PASSWORD,
  requestWithdrawal,
  type Payer,
} from './withdrawal.test-support';

/**
 * Payment-password checks of one member run one at a time (security/payment-password.ts), so
 * parallel requests reach the money step in single file. To race the money guard itself, these
 * tests use the real withdrawal service over the real database with every real collaborator
 * except that check.
 */
function withoutPasswordCheck(t: TestApp, now: () => number): WithdrawalService {
  const s = t.app.services;
  return createWithdrawalService({
    now,
    db: t.database.db,
    log: t.app.log as never,
    dataDir: t.config.dataDir,
    system: s.system,
    ledger: s.ledger,
    audit: s.audit,
    messages: s.messages,
    member: s.member,
    bonus: s.bonus,
    moneyPolicy: s.operatorMoney.policy,
    payoutChecks: createPayoutChecks(),
    operatorNames: (ids) => s.operators.namesOf(ids),
    security: { ...s.security, verifyPaymentPassword: async () => undefined },
  });
}

function parallelRequests(service: WithdrawalService, payer: Payer, n: number, amount: string) {
  return Promise.allSettled(
    Array.from({ length: n }, () =>
      service.createOrder(payer.memberId, {
        amount,
        bankAccountId: payer.bankAccountId,
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      }),
    ),
  );
}

describePostgres('withdrawal concurrency [postgres]', () => {
  let t: TestApp;
  let ops: string;
  // One clock for the app and the hand-built services: the daily count never straddles midnight.
  const clock = midDayClock().now;

  beforeAll(async () => {
    t = await createTestApp('postgres', {}, { calendarClock: clock });
    ops = await operatorToken(t.app, 'finance');
    // The daily count limit is not what these tests race.
    await updateOperatorSetting(t.app, 'withdrawal', (w) => ({ ...w, dailyCountLimit: 1000 }));
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('100 parallel withdrawals against a balance that covers 10: exactly 10 holds', async () => {
    const payer = await createPayer(t.app, 100_000n);
    const results = await parallelRequests(withoutPasswordCheck(t, clock), payer, 100, '100');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of refused) expect(r.reason).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(t.app, payer.memberId)).toBe(0n);
    const holds = await t.database.db
      .selectFrom('withdrawal_orders as w')
      .innerJoin('ledger_holds as h', 'h.id', 'w.hold_id')
      .select(['h.status', 'h.amount'])
      .where('w.member_id', '=', payer.memberId)
      .execute();
    expect(holds).toHaveLength(10);
    expect(holds.every((h) => h.status === 'pending' && h.amount === '10000')).toBe(true);
  });

  it('100 parallel withdrawals over HTTP never take more than the balance', async () => {
    const payer = await createPayer(t.app, 100_000n);
    const results = await Promise.all(Array.from({ length: 100 }, () => requestWithdrawal(t.app, payer, '100')));
    const accepted = results.filter((r) => r.statusCode === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(10);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      // The right payment password never locks, however many requests race.
      expect((r.json() as { errorCode: string }).errorCode).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await balanceOf(t.app, payer.memberId)).toBe(100_000n - BigInt(accepted) * 10_000n);
  });

  it('20 parallel requests with one idempotency key: one order, one hold, the same answer for all', async () => {
    const payer = await createPayer(t.app, 10_000n);
    const service = withoutPasswordCheck(t, clock);
    const key = newKey();
    const body = {
      amount: '25',
      bankAccountId: payer.bankAccountId,
      paymentPassword: PAYMENT_PASSWORD,
      idempotencyKey: key,
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => service.createOrder(payer.memberId, body)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await balanceOf(t.app, payer.memberId)).toBe(7_500n);
    const orders = await t.database.db
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('member_id', '=', payer.memberId)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('the daily count limit holds under parallel requests', async () => {
    await updateOperatorSetting(t.app, 'withdrawal', (w) => ({ ...w, dailyCountLimit: 3 }));
    try {
      const payer = await createPayer(t.app, 1_000_000n);
      const results = await parallelRequests(withoutPasswordCheck(t, clock), payer, 30, '10');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
        expect(r.reason).toMatchObject({ errorCode: 'WITHDRAWAL_DAILY_LIMIT_REACHED' });
      }
      expect(await balanceOf(t.app, payer.memberId)).toBe(1_000_000n - 3_000n);
    } finally {
      await updateOperatorSetting(t.app, 'withdrawal', (w) => ({ ...w, dailyCountLimit: 1000 }));
    }
  });

  it('parallel approve and reject of one withdrawal: exactly one wins, the other gets a stable 409', async () => {
    for (let round = 0; round < 5; round++) {
      const payer = await createPayer(t.app, 10_000n);
      const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '50'));
      const calls = [
        call(t.app, 'POST', `/ops/withdrawals/${order.id}/approve`, { token: ops, payload: { reason: 'checked' } }),
        call(t.app, 'POST', `/ops/withdrawals/${order.id}/reject`, { token: ops, payload: { reason: 'race' } }),
        call(t.app, 'POST', `/ops/withdrawals/${order.id}/approve`, { token: ops, payload: { reason: 'checked' } }),
        call(t.app, 'POST', `/ops/withdrawals/${order.id}/reject`, { token: ops, payload: { reason: 'race' } }),
      ];
      const results = await Promise.all(calls);
      const winners = results.filter((r) => r.statusCode === 200);
      expect(winners).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        expect(r.statusCode).toBe(409);
        expect(r.json()).toMatchObject({ errorCode: 'WITHDRAWAL_ALREADY_RESOLVED' });
      }
      const winner = valueOf<WithdrawalOrder>(winners[0]!);
      expect(await balanceOf(t.app, payer.memberId)).toBe(winner.status === 'rejected' ? 10_000n : 5_000n);
      const resolutions = await t.database.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where(({ eb, ref }) => eb(ref('metadata', '->>').key('withdrawalId'), '=', order.id))
        .execute();
      expect(resolutions).toHaveLength(1);
    }
  });
});
