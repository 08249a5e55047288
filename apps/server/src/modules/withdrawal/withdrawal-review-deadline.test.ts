import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Dashboard } from '@wps/shared/schemas/reporting';
import type { OpsWithdrawalOrder, WithdrawalSettings } from '@wps/shared/schemas/withdrawal';
import { call, valueOf } from '../../../test/api-client';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { createPayer, midDayClock, operatorToken, requestWithdrawal } from './withdrawal.test-support';

const HOUR = 3_600_000;
const METRICS_TOKEN = 'review-deadline-metrics-token-0123456789';

// Every withdrawal is due for the operator's decision within withdrawal.reviewDeadlineHours of its
// request (migration 0680): the queue marks the orders past it, the dashboard counts them and
// /metrics exposes the count for the alerting.
describePostgres('withdrawals: the review deadline [postgres]', () => {
  let t: TestApp;
  let ops: string;
  const clock = midDayClock();

  beforeAll(async () => {
    t = await createTestApp('postgres', { metricsToken: METRICS_TOKEN }, { calendarClock: clock.now });
    ops = await operatorToken(t.app, 'finance');
  });
  afterAll(async () => {
    await t?.close();
  });

  const queue = async () =>
    valueOf<{ list: OpsWithdrawalOrder[] }>(await call(t.app, 'GET', '/ops/withdrawals?status=pending', { token: ops }))
      .list;
  const dashboard = async () => {
    const at = Math.floor(Date.now() / HOUR) * HOUR;
    const range = `from=${new Date(at - 24 * HOUR).toISOString()}&to=${new Date(at + HOUR).toISOString()}`;
    return valueOf<Dashboard>(
      await call(t.app, 'GET', `/ops/dashboard?${range}&timeZone=America/Sao_Paulo`, { token: ops }),
    );
  };
  const overdueMetric = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = res.body.split('\n').find((l) => l.startsWith('withdrawals_review_overdue '));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  };

  it('is a setting (default 48 hours) the operator changes; each order keeps the deadline it was given', async () => {
    const settings = () => call(t.app, 'GET', '/ops/withdrawal-settings', { token: ops });
    expect(valueOf<WithdrawalSettings>(await settings()).reviewDeadlineHours).toBe(48);
    expect(
      (
        await call(t.app, 'PUT', '/ops/withdrawal-settings', {
          token: ops,
          payload: { reviewDeadlineHours: 0, reason: 'too short' },
        })
      ).statusCode,
    ).toBe(400);

    const start = clock.now();
    clock.pin(start);
    const early = await createPayer(t.app, 100_000n);
    const first = valueOf<OpsWithdrawalOrder>(await requestWithdrawal(t.app, early, '50.00'));
    valueOf(
      await call(t.app, 'PUT', '/ops/withdrawal-settings', {
        token: ops,
        payload: { reviewDeadlineHours: 2, reason: 'review within two hours' },
      }),
    );
    expect(valueOf<WithdrawalSettings>(await settings()).reviewDeadlineHours).toBe(2);
    const late = await createPayer(t.app, 100_000n);
    const second = valueOf<OpsWithdrawalOrder>(await requestWithdrawal(t.app, late, '50.00'));

    let items = await queue();
    const byId = (id: string) => items.find((o) => o.id === id)!;
    expect(byId(first.id).reviewDueAt).toBe(new Date(start + 48 * HOUR).toISOString());
    expect(byId(second.id).reviewDueAt).toBe(new Date(start + 2 * HOUR).toISOString());
    expect(items.map((o) => o.reviewOverdue)).toEqual([false, false]);
    expect((await dashboard()).queues.withdrawals.overdue).toBe(0);
    expect(await overdueMetric()).toBe(0);

    // Three hours on: only the order given two hours is overdue.
    clock.pin(start + 3 * HOUR);
    items = await queue();
    expect(byId(first.id).reviewOverdue).toBe(false);
    expect(byId(second.id).reviewOverdue).toBe(true);
    expect((await dashboard()).queues.withdrawals).toMatchObject({ count: 2, overdue: 1 });
    expect(await overdueMetric()).toBe(1);

    // Decided, it leaves the count.
    valueOf(
      await call(t.app, 'POST', `/ops/withdrawals/${second.id}/reject`, {
        token: ops,
        payload: { reason: 'late test' },
      }),
    );
    expect((await dashboard()).queues.withdrawals).toMatchObject({ count: 1, overdue: 0 });
    expect(await overdueMetric()).toBe(0);
    clock.run(Date.now());
  });
});
