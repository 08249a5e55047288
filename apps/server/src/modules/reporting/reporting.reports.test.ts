import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PaymentsReport, PlayersReport } from '@wps/shared/schemas/reporting';
import { call, disableRegisterCaptcha, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createOrder, demoChannel, newPlayer, operatorToken } from '../deposit/deposit.test-support';

// The players report and the CSV downloads of the three reports, through the back office's API:
// registrations and first deposits land on the operator's local day, a second deposit is not a
// first one, and each CSV ends with the totals row the JSON answer carries.

const HOUR = 3_600_000;

describeEachDatabase('reports: players, payments and their CSV downloads', (target) => {
  let t: TestApp;
  let finance: string;
  let range: string;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    finance = await operatorToken(t, 'finance');
    const now = Date.now();
    const from = new Date(Math.floor(now / HOUR) * HOUR - 2 * HOUR).toISOString();
    const to = new Date(Math.floor(now / HOUR) * HOUR + HOUR).toISOString();
    range = `from=${from}&to=${to}&timeZone=America/Sao_Paulo`;
    today = new Date(now).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const players = async () =>
    valueOf<PlayersReport>(await call(t.app, 'GET', `/ops/reports/players?${range}`, { token: finance }));
  const confirmDeposit = async (token: string, amount: string) => {
    const channel = await demoChannel(t, token, 'manual_bank');
    const order = await createOrder(t, token, channel.id, amount);
    valueOf(
      await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, { token: finance, payload: { reason: 'ok' } }),
    );
  };

  it('counts registrations and first deposits per local day; a second deposit is not a first one', async () => {
    const before = await players();
    const ana = await newPlayer(t);
    const bia = await newPlayer(t);
    await newPlayer(t);
    await confirmDeposit(ana.token, '100.00');
    await confirmDeposit(ana.token, '40.00');
    await confirmDeposit(bia.token, '25.50');

    const after = await players();
    expect(after.totals.registrations - before.totals.registrations).toBe(3);
    expect(after.totals.firstDeposits - before.totals.firstDeposits).toBe(2);
    expect(BigInt(after.totals.firstDepositAmountMinor) - BigInt(before.totals.firstDepositAmountMinor)).toBe(125_50n);
    // Every day of the range has a row, and today's row carries what the totals do.
    const day = after.rows.find((r) => r.day === today);
    expect(day).toBeDefined();
    const sum = after.rows.reduce((n, r) => n + r.registrations, 0);
    expect(sum).toBe(after.totals.registrations);
  });

  it('downloads the players report as CSV with a totals row equal to the JSON answer', async () => {
    const json = await players();
    const csv = await call(t.app, 'GET', `/ops/reports/players/csv?${range}`, { token: finance });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('players-');
    const lines = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe('day,registrations,first_deposits,first_deposit_amount_BRL');
    expect(lines).toContain(
      `total,${json.totals.registrations},${json.totals.firstDeposits},${(Number(json.totals.firstDepositAmountMinor) / 100).toFixed(2)}`,
    );
  });

  it('answers the payments report in JSON and the profit and loss report in CSV', async () => {
    const payments = valueOf<PaymentsReport>(
      await call(t.app, 'GET', `/ops/reports/payments?${range}`, { token: finance }),
    );
    expect(payments.totals.deposits).toEqual({ count: 3, amountMinor: String(100_00 + 40_00 + 25_50) });
    expect(payments.totals.withdrawals).toEqual({ count: 0, amountMinor: '0' });
    expect(payments.rows.every((r) => r.kind === 'deposit' && r.day === today)).toBe(true);

    const pnl = await call(t.app, 'GET', `/ops/reports/pnl/csv?${range}`, { token: finance });
    expect(pnl.statusCode).toBe(200);
    const lines = pnl.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe('day,category,vendor,vendor_name,rounds,bets_BRL,wins_BRL,ggr_BRL');
    // No round was played: only the totals row, all zero.
    expect(lines.filter((l) => l !== '')).toEqual([lines[0], 'total,,,,0,0.00,0.00,0.00']);
  });

  it('keeps the reports to operators with the reports permission', async () => {
    const support = await operatorToken(t, 'support');
    for (const path of ['players', 'players/csv', 'payments', 'pnl/csv']) {
      const res = await call(t.app, 'GET', `/ops/reports/${path}?${range}`, { token: support });
      expect(res.statusCode, path).toBe(403);
    }
  });
});
