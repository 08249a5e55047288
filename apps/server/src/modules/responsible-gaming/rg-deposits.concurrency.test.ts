import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { call, disableRegisterCaptcha, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { createOrder, createOrderCall, demoChannel, newPlayer, operatorToken } from '../deposit/deposit.test-support';

/** Real parallelism needs real connections: PostgreSQL only. */
describePostgres('deposit limits under concurrency [postgres]', () => {
  let t: TestApp;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    finance = await operatorToken(t, 'finance');
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('20 parallel orders of 30 against a daily limit of 100: exactly 3 are made, the rest refused with the room left', async () => {
    const player = await newPlayer(t);
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
        token: player.token,
        payload: { limits: [{ kind: 'deposit_day', value: '100' }] },
      }),
    );
    const channel = await demoChannel(t, player.token, 'manual_bank');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createOrderCall(t, player.token, channel.id, '30')),
    );
    const made = answers.filter((r) => r.statusCode === 200);
    expect(made).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expect(r.json()).toMatchObject({ errorCode: 'RG_DEPOSIT_LIMIT_REACHED', value: { remaining: '10.00' } });
    const rows = await t.database.db
      .selectFrom('deposit_orders')
      .select('amount_minor')
      .where('member_id', '=', player.memberId)
      .execute();
    expect(rows.reduce((sum, r) => sum + BigInt(r.amount_minor), 0n)).toBe(9000n);
  });

  it('parallel confirmations after the limit was lowered credit only what the limit allows', async () => {
    const player = await newPlayer(t);
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
        token: player.token,
        payload: { limits: [{ kind: 'deposit_day', value: '100' }] },
      }),
    );
    const channel = await demoChannel(t, player.token, 'manual_bank');
    const orders = [
      await createOrder(t, player.token, channel.id, '25'),
      await createOrder(t, player.token, channel.id, '25'),
      await createOrder(t, player.token, channel.id, '25'),
      await createOrder(t, player.token, channel.id, '25'),
    ];
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
        token: player.token,
        payload: { limits: [{ kind: 'deposit_day', value: '60' }] },
      }),
    );
    const answers = await Promise.all(
      orders.map((o) =>
        call(t.app, 'POST', `/ops/deposits/${o.id}/confirm`, { token: finance, payload: { reason: 'arrived' } }),
      ),
    );
    const statuses = answers.map((r) => valueOf<{ status: string }>(r).status).sort();
    expect(statuses).toEqual(['credited', 'credited', 'failed', 'failed']);
    expect(await t.app.services.ledger.getPlayerBalance(player.memberId)).toBe(5000n);
  });
});
