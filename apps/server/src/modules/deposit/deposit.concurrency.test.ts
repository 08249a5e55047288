import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { DepositOrder } from '@wps/shared/schemas/deposit';
import { disableRegisterCaptcha } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import {
  balanceMinor,
  createOrder,
  demoChannel,
  depositTransactionCount,
  newPlayer,
  operatorToken,
  sendWebhook,
  webhookBody,
} from './deposit.test-support';

/** Real parallelism needs real connections: PostgreSQL only. */
describePostgres('deposits under concurrency [postgres]', () => {
  let t: TestApp;
  let finance: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    finance = await operatorToken(t, 'finance');
    admin = await operatorToken(t, 'admin');
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('credits each gateway order once when its webhook arrives 5 times in parallel', async () => {
    const player = await newPlayer(t);
    const gateway = await demoChannel(t, player.token, 'gateway');
    const orders: DepositOrder[] = [];
    for (const amount of ['10', '20.5', '30', '44.44', '50'])
      orders.push(await createOrder(t, player.token, gateway.id, amount));

    const deliveries = orders.flatMap((order) => {
      const body = webhookBody(order);
      return Array.from({ length: 5 }, () => sendWebhook(t, body));
    });
    const responses = await Promise.all(deliveries);
    for (const res of responses) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, value: { status: 'credited' } });
    }
    for (const order of orders) expect(await depositTransactionCount(t, order.id)).toBe(1);
    expect(await balanceMinor(t, player.token)).toBe(1000n + 2050n + 3000n + 4444n + 5000n);
    const notices = await t.database.db
      .selectFrom('member_notices')
      .select('id')
      .where('member_id', '=', player.memberId)
      .where('kind', '=', 'deposit_credited')
      .execute();
    expect(notices).toHaveLength(5);
  });

  it('lets exactly one of a parallel confirm and reject win, for each manual order', async () => {
    const player = await newPlayer(t);
    const manual = await demoChannel(t, player.token, 'manual_bank');
    const orders: DepositOrder[] = [];
    for (let i = 0; i < 10; i++) orders.push(await createOrder(t, player.token, manual.id, '25'));

    let credited = 0;
    for (const order of orders) {
      const [confirm, reject] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/ops/deposits/${order.id}/confirm`,
          headers: { authorization: finance },
          payload: { reason: 'checked' },
        }),
        t.app.inject({
          method: 'POST',
          url: `/ops/deposits/${order.id}/reject`,
          headers: { authorization: admin },
          payload: { reason: 'race' },
        }),
      ]);
      const statuses = [confirm.statusCode, reject.statusCode].sort();
      expect(statuses, `${confirm.body} ${reject.body}`).toEqual([200, 409]);
      const loser = confirm.statusCode === 409 ? confirm : reject;
      expect(loser.json()).toMatchObject({ errorCode: 'DEPOSIT_ORDER_RESOLVED' });
      if (confirm.statusCode === 200) credited++;
      expect(await depositTransactionCount(t, order.id)).toBe(confirm.statusCode === 200 ? 1 : 0);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('subject_type', '=', 'deposit_order')
        .where('subject_id', '=', order.id)
        .execute();
      expect(audit).toHaveLength(1);
    }
    expect(await balanceMinor(t, player.token)).toBe(BigInt(credited) * 2500n);
  });
});
