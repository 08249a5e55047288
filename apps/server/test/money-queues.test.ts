/**
 * The back office's money queues through their real routes: GET /ops/deposits and
 * GET /ops/withdrawals page, filter and sort on the server (by time = placing order, or by
 * amount, ties broken by id), name each order's player, and their `/csv` siblings stream every
 * matching row once, in the same order as the pages, whatever the page size of the export.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpsDepositOrder } from '@wps/shared/schemas/deposit';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { OpsWithdrawalOrder, WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from './api-client';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';
import {
  createOrder,
  demoChannel,
  newPlayer,
  operatorToken as depositOperator,
} from '../src/modules/deposit/deposit.test-support';
import { createPayer, requestWithdrawal } from '../src/modules/withdrawal/withdrawal.test-support';

/** CSV rows as objects by header (the export writes a BOM and quotes only where needed; these values need none). */
function parseCsv(text: string): Record<string, string>[] {
  const [head = '', ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const headers = head.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [headers[i], cell])));
}

describeEachDatabase('money queues', (target) => {
  let t: TestApp;
  let finance: string;
  let support: string;
  const deposits: { id: string; amountMinor: string; account: string }[] = [];
  const withdrawals: { id: string; amountMinor: string; account: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    finance = await depositOperator(t, 'finance');
    support = await depositOperator(t, 'support');
    // Amounts out of placing order, with a tie, so the amount sort and its tie-break both show.
    for (const amount of ['30', '10', '20', '10']) {
      const player = await newPlayer(t);
      const channel = await demoChannel(t, player.token, 'manual_bank');
      const order = await createOrder(t, player.token, channel.id, amount);
      const account = (await t.app.services.member.findAccountNames([player.memberId])).get(player.memberId) ?? '';
      deposits.push({ id: order.id, amountMinor: order.amountMinor, account });
    }
    for (const amount of ['25', '15', '25']) {
      const payer = await createPayer(t.app, 10_000n);
      const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, amount));
      withdrawals.push({ id: order.id, amountMinor: order.amountMinor, account: payer.username });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = (page: { list: { id: string }[] }) => page.list.map((o) => o.id);
  const byAmount = (rows: { id: string; amountMinor: string }[], order: 'asc' | 'desc') =>
    [...rows]
      .sort((a, b) => {
        const d = BigInt(a.amountMinor) - BigInt(b.amountMinor) || BigInt(a.id) - BigInt(b.id);
        return (d < 0n ? -1 : d > 0n ? 1 : 0) * (order === 'asc' ? 1 : -1);
      })
      .map((r) => r.id);

  it('deposits: pending oldest first by default, with the player named; paged with a total', async () => {
    const first = valueOf<OpsPage<OpsDepositOrder>>(
      await call(t.app, 'GET', '/ops/deposits?status=pending&pageSize=3', { token: support }),
    );
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3, totalPages: 2 });
    const second = valueOf<OpsPage<OpsDepositOrder>>(
      await call(t.app, 'GET', '/ops/deposits?status=pending&pageSize=3&page=2', { token: support }),
    );
    expect([...ids(first), ...ids(second)]).toEqual(deposits.map((d) => d.id));
    expect(first.list.map((o) => o.account)).toEqual(deposits.slice(0, 3).map((d) => d.account));
    const newest = valueOf<OpsPage<OpsDepositOrder>>(
      await call(t.app, 'GET', '/ops/deposits?status=pending&order=desc', { token: support }),
    );
    expect(ids(newest)).toEqual(deposits.map((d) => d.id).reverse());
  });

  it('deposits: sorted by amount either way, ties in placing order; the type filter narrows', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const page = valueOf<OpsPage<OpsDepositOrder>>(
        await call(t.app, 'GET', `/ops/deposits?status=pending&sort=amount&order=${order}`, { token: finance }),
      );
      expect(ids(page)).toEqual(byAmount(deposits, order));
    }
    const gateway = valueOf<OpsPage<OpsDepositOrder>>(
      await call(t.app, 'GET', '/ops/deposits?status=pending&type=gateway', { token: finance }),
    );
    expect(gateway.total).toBe(0);
    expectFailure(await call(t.app, 'GET', '/ops/deposits?sort=account', { token: finance }), 'VALIDATION_FAILED', 400);
  });

  it('deposits CSV: every matching row once, in the queue order', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const res = await call(t.app, 'GET', `/ops/deposits/csv?status=pending&sort=amount&order=${order}`, {
        token: support,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      const rows = parseCsv(res.body);
      expect(rows.map((r) => r.id)).toEqual(byAmount(deposits, order));
      expect(rows[0]).toMatchObject({ status: 'pending', type: 'manual_bank' });
      expect(rows.map((r) => r.account).sort()).toEqual(deposits.map((d) => d.account).sort());
    }
    // A rejected order leaves the pending export and shows under its new status.
    const [gone] = deposits;
    await call(t.app, 'POST', `/ops/deposits/${gone!.id}/reject`, {
      token: finance,
      payload: { reason: 'no transfer arrived' },
    });
    const pending = parseCsv((await call(t.app, 'GET', '/ops/deposits/csv?status=pending', { token: finance })).body);
    expect(pending.map((r) => r.id)).toEqual(deposits.slice(1).map((d) => d.id));
    const failed = parseCsv((await call(t.app, 'GET', '/ops/deposits/csv?status=failed', { token: finance })).body);
    expect(failed.map((r) => r.id)).toEqual([gone!.id]);
  });

  it('withdrawals: paged, oldest first, the player and the full account number shown; sorted by amount', async () => {
    const page = valueOf<OpsPage<OpsWithdrawalOrder>>(
      await call(t.app, 'GET', '/ops/withdrawals?status=pending&pageSize=2', { token: support }),
    );
    expect(page).toMatchObject({ total: 3, totalPages: 2 });
    expect(ids(page)).toEqual(withdrawals.slice(0, 2).map((w) => w.id));
    expect(page.list[0]).toMatchObject({ account: withdrawals[0]!.account, status: 'pending' });
    expect(page.list[0]!.accountNumber).toMatch(/^\d+$/);
    for (const order of ['asc', 'desc'] as const) {
      const sorted = valueOf<OpsPage<OpsWithdrawalOrder>>(
        await call(t.app, 'GET', `/ops/withdrawals?status=pending&sort=amount&order=${order}`, { token: support }),
      );
      expect(ids(sorted)).toEqual(byAmount(withdrawals, order));
    }
  });

  it('withdrawals CSV follows the filters and sort; a decided order moves to its status', async () => {
    const rows = parseCsv(
      (await call(t.app, 'GET', '/ops/withdrawals/csv?status=pending&sort=amount&order=desc', { token: support })).body,
    );
    expect(rows.map((r) => r.id)).toEqual(byAmount(withdrawals, 'desc'));
    expect(rows[0]).toMatchObject({ status: 'pending', currency: 'BRL' });
    const [first] = withdrawals;
    valueOf(
      await call(t.app, 'POST', `/ops/withdrawals/${first!.id}/approve`, {
        token: finance,
        payload: { reason: 'paid by PIX' },
      }),
    );
    const approved = parseCsv(
      (await call(t.app, 'GET', '/ops/withdrawals/csv?status=approved', { token: finance })).body,
    );
    expect(approved.map((r) => r.id)).toEqual([first!.id]);
    expect(approved[0]!.decided_by).toMatch(/^operator:/);
    const pending = valueOf<OpsPage<OpsWithdrawalOrder>>(
      await call(t.app, 'GET', '/ops/withdrawals?status=pending', { token: finance }),
    );
    expect(ids(pending)).toEqual(withdrawals.slice(1).map((w) => w.id));
  });

  it('the export pages by keyset: read one row at a time, every order comes once, in the same order as one read', async () => {
    for (const sort of ['createdAt', 'amount'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const q = { sort, order };
        const whole = (await t.app.services.deposits.exportOpsOrders(q, null, 100)).map((r) => r.view.id);
        const stepped: string[] = [];
        let cursor = null;
        for (;;) {
          const page = await t.app.services.deposits.exportOpsOrders(q, cursor, 1);
          if (page.length === 0) break;
          stepped.push(page[0]!.view.id);
          cursor = page[0]!.cursor;
        }
        expect(stepped, `deposits ${sort} ${order}`).toEqual(whole);
        expect(whole).toHaveLength(deposits.length);

        const wWhole = (await t.app.services.withdrawal.exportForOperator(q, null, 100)).map((r) => r.view.id);
        const wStepped: string[] = [];
        let wCursor = null;
        for (;;) {
          const page = await t.app.services.withdrawal.exportForOperator(q, wCursor, 1);
          if (page.length === 0) break;
          wStepped.push(page[0]!.view.id);
          wCursor = page[0]!.cursor;
        }
        expect(wStepped, `withdrawals ${sort} ${order}`).toEqual(wWhole);
        expect(wWhole).toHaveLength(withdrawals.length);
      }
    }
  });

  it('the queues and their exports need money.read: a marketing operator is refused', async () => {
    const marketing = await depositOperator(t, 'marketing');
    for (const path of ['/ops/deposits/csv', '/ops/withdrawals/csv', '/ops/deposits', '/ops/withdrawals']) {
      expectFailure(await call(t.app, 'GET', path, { token: marketing }), 'OPERATOR_FORBIDDEN', 403);
    }
  });
});
