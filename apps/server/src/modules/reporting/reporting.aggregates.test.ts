import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Dashboard, QueueCounts } from '@wps/shared/schemas/reporting';
import { call, callEncrypted, disableRegisterCaptcha, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createOrder, demoChannel, newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { createPayer, fundMember, requestWithdrawal } from '../withdrawal/withdrawal.test-support';
import { countActivePlayers } from './reporting.repository';

// The hourly aggregates are written by triggers in the transactions that move the money; after a
// mixed workload they must equal a direct scan of the ledger, rounds and orders, hour by hour,
// and the dashboard must agree with what the players' own records say.

const HOUR = 3_600_000;

type Row = Record<string, string | number | Date | null>;

async function rows(t: TestApp, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await query.execute(t.database.db)).rows as Row[];
}

function canon(list: Row[]): string[] {
  return list
    .map((r) =>
      Object.entries(r)
        .map(([k, v]) => `${k}=${v instanceof Date ? v.toISOString() : String(v)}`)
        .join(' '),
    )
    .sort();
}

describeEachDatabase('reporting aggregates', (target) => {
  let t: TestApp;
  let finance: string;
  const players: string[] = [];
  let trialId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    finance = await operatorToken(t, 'finance');
    await disableRegisterCaptcha(t.app);
    const seamless = t.app.services.gateway.seamless;

    // Deposits through the player and operator APIs: credited, rejected, left pending, a second one.
    const depositors = await Promise.all([newPlayer(t), newPlayer(t), newPlayer(t)]);
    const channel = await demoChannel(t, depositors[0]!.token, 'manual_bank');
    for (const [i, p] of depositors.entries()) {
      players.push(p.memberId);
      const order = await createOrder(t, p.token, channel.id, `${100 + i}.25`);
      const action = i === 2 ? 'reject' : 'confirm';
      const res = await call(t.app, 'POST', `/ops/deposits/${order.id}/${action}`, {
        token: finance,
        payload: { reason: 'checked statement' },
      });
      expect(res.statusCode).toBe(200);
    }
    const again = await createOrder(t, depositors[0]!.token, channel.id, '50');
    await call(t.app, 'POST', `/ops/deposits/${again.id}/confirm`, { token: finance, payload: { reason: 'checked' } });
    await createOrder(t, depositors[1]!.token, channel.id, '75');

    // Withdrawals: one approved, one rejected (the hold goes back), one left pending.
    const payer = await createPayer(t.app, 500_00n);
    players.push(payer.memberId);
    const ids: string[] = [];
    for (const amount of ['60', '40', '20'])
      ids.push(valueOf<{ id: string }>(await requestWithdrawal(t.app, payer, amount)).id);
    expect(
      (
        await call(t.app, 'POST', `/ops/withdrawals/${ids[0]}/approve`, {
          token: finance,
          payload: { reason: 'checked' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'POST', `/ops/withdrawals/${ids[1]}/reject`, {
          token: finance,
          payload: { reason: 'name differs' },
        })
      ).statusCode,
    ).toBe(200);

    // Games on two vendors: bets, wins, a rollback, a refused bet, a replay, a tombstone.
    for (const memberId of players) await fundMember(t.app, memberId, 1_000_00n);
    let n = 0;
    for (const [i, memberId] of players.entries()) {
      for (const vassalage of ['SBX', 'inhouse']) {
        const round = `r-${crypto.randomUUID()}`;
        const bet = `b-${++n}-${crypto.randomUUID()}`;
        await seamless.bet({
          vassalage,
          memberId,
          transactionId: bet,
          roundId: round,
          gameId: 'g-1',
          amountMinor: BigInt(1_00 * (i + 1)),
        });
        await seamless.bet({
          vassalage,
          memberId,
          transactionId: bet,
          roundId: round,
          gameId: 'g-1',
          amountMinor: BigInt(1_00 * (i + 1)),
        });
        const second = `b2-${n}-${crypto.randomUUID()}`;
        await seamless.bet({
          vassalage,
          memberId,
          transactionId: second,
          roundId: round,
          gameId: 'g-1',
          amountMinor: 55n,
        });
        if (i % 2 === 0)
          await seamless.rollback({
            vassalage,
            memberId,
            transactionId: `rb-${n}`,
            roundId: round,
            betTransactionId: second,
          });
        await seamless.win({
          vassalage,
          memberId,
          transactionId: `w-${n}`,
          roundId: round,
          amountMinor: BigInt(i * 1_37),
          roundClosed: true,
        });
      }
      await expect(
        seamless.bet({
          vassalage: 'SBX',
          memberId,
          transactionId: `big-${i}`,
          roundId: `rb-${i}`,
          gameId: 'g-1',
          amountMinor: 10_000_000_00n,
        }),
      ).rejects.toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
      await seamless.rollback({
        vassalage: 'SBX',
        memberId,
        transactionId: `ts-${i}`,
        roundId: `rt-${i}`,
        betTransactionId: `never-${i}`,
      });
    }
    // An adjustment moves money but is no deposit, bet or win.
    await t.app.services.ledger.creditPlayerFromSystem({
      systemAccount: 'adjustment',
      memberId: players[0]!,
      amountMinor: 3_00n,
      kind: 'adjustment',
      idempotencyKey: `adj-${crypto.randomUUID()}`,
    });
    // A trial player's game money is demo money: not in the figures.
    const trial = valueOf<{ token: string }>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: `r-${crypto.randomUUID()}` }),
    );
    trialId = (await t.app.services.session.resolve(trial.token))!.memberId;
    await seamless.bet({
      vassalage: 'SBX',
      memberId: trialId,
      transactionId: `trial-${crypto.randomUUID()}`,
      roundId: `tr-${crypto.randomUUID()}`,
      gameId: 'g-1',
      amountMinor: 1_00n,
    });
  });

  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t?.close();
  });

  it('game aggregates equal the ledger scanned hour by hour', async () => {
    const agg = await rows(
      t,
      sql`SELECT hour, vassalage, sum(bets)::text AS bets, sum(refunds)::text AS refunds, sum(wins)::text AS wins
      FROM reporting_game_hourly GROUP BY 1, 2 HAVING sum(bets) <> 0 OR sum(refunds) <> 0 OR sum(wins) <> 0`,
    );
    const scan = await rows(
      t,
      sql`SELECT date_trunc('hour', t.created_at, 'UTC') AS hour, t.metadata ->> 'vassalage' AS vassalage,
        coalesce(sum(-e.amount) FILTER (WHERE t.kind = 'bet'), 0)::text AS bets,
        coalesce(sum(e.amount) FILTER (WHERE t.kind = 'rollback'), 0)::text AS refunds,
        coalesce(sum(e.amount) FILTER (WHERE t.kind = 'win'), 0)::text AS wins
      FROM ledger_transactions AS t
      JOIN ledger_entries AS e ON e.transaction_id = t.id
      JOIN ledger_accounts AS a ON a.id = e.account_id AND a.is_player
      JOIN members AS m ON m.id = a.member_id AND m.type <> 4
      WHERE t.kind IN ('bet', 'win', 'rollback') GROUP BY 1, 2`,
    );
    expect(scan.length).toBeGreaterThan(0);
    expect(canon(agg)).toEqual(canon(scan));
    const rounds = await rows(t, sql`SELECT sum(rounds)::int AS n FROM reporting_game_hourly`);
    const scanned = await rows(
      t,
      sql`SELECT count(*)::int AS n FROM game_rounds AS r JOIN members AS m ON m.id = r.member_id AND m.type <> 4 WHERE r.total_bet > 0`,
    );
    expect(rounds).toEqual(scanned);
  });

  it('payment aggregates equal the credited and paid-out ledger transactions', async () => {
    const agg = await rows(
      t,
      sql`SELECT hour, kind, channel, sum(orders)::int AS orders, sum(amount)::text AS amount, sum(fee)::text AS fee
      FROM reporting_payment_hourly GROUP BY 1, 2, 3`,
    );
    const scan = await rows(
      t,
      sql`
      SELECT date_trunc('hour', t.created_at, 'UTC') AS hour, 'deposit' AS kind, d.channel_id::text AS channel, count(*)::int AS orders,
             sum(d.amount_minor)::text AS amount, sum(d.fee_minor)::text AS fee
      FROM ledger_transactions AS t JOIN deposit_orders AS d ON t.reference = 'deposit_order:' || d.id
      WHERE t.kind = 'deposit' GROUP BY 1, 3
      UNION ALL
      SELECT date_trunc('hour', t.created_at, 'UTC'), 'withdrawal', w.bank_code, count(*)::int, sum(w.amount)::text, '0'
      FROM ledger_transactions AS t JOIN withdrawal_orders AS w ON (t.metadata ->> 'withdrawalId')::bigint = w.id
      WHERE t.kind = 'withdrawal_payout' GROUP BY 1, 3`,
    );
    expect(canon(agg)).toEqual(canon(scan));
    expect(agg.filter((r) => r.kind === 'deposit').reduce((s, r) => s + Number(r.orders), 0)).toBe(3);
    expect(agg.filter((r) => r.kind === 'withdrawal').reduce((s, r) => s + Number(r.orders), 0)).toBe(1);
  });

  it('player aggregates equal registrations and first credited deposits', async () => {
    const agg = await rows(
      t,
      sql`SELECT hour, sum(registrations)::int AS r, sum(first_deposits)::int AS f, sum(first_deposit_amount)::text AS a
      FROM reporting_player_hourly GROUP BY 1 HAVING sum(registrations) <> 0 OR sum(first_deposits) <> 0`,
    );
    const scan = await rows(
      t,
      sql`SELECT hour, sum(r)::int AS r, sum(f)::int AS f, sum(a)::text AS a FROM (
        SELECT date_trunc('hour', created_at, 'UTC') AS hour, 1 AS r, 0 AS f, 0::bigint AS a FROM members WHERE type = 3
        UNION ALL
        (SELECT DISTINCT ON (d.member_id) date_trunc('hour', t.created_at, 'UTC'), 0, 1, d.amount_minor
        FROM deposit_orders AS d JOIN ledger_transactions AS t ON t.id = d.ledger_transaction_id
        WHERE d.status = 'credited' ORDER BY d.member_id, t.created_at)) AS x GROUP BY hour`,
    );
    expect(canon(agg)).toEqual(canon(scan));
  });

  it('the backfill rebuilds the same figures the triggers kept', async () => {
    const snapshot = async () => ({
      game: canon(
        await rows(
          t,
          sql`SELECT hour, vassalage, sum(rounds)::text r, sum(bets)::text b, sum(refunds)::text f, sum(wins)::text w FROM reporting_game_hourly GROUP BY 1, 2 HAVING sum(bets) + sum(wins) + sum(refunds) <> 0`,
        ),
      ),
      pay: canon(
        await rows(
          t,
          sql`SELECT hour, kind, channel, sum(orders)::text o, sum(amount)::text a, sum(fee)::text f FROM reporting_payment_hourly GROUP BY 1, 2, 3`,
        ),
      ),
      players: canon(
        await rows(
          t,
          sql`SELECT hour, sum(registrations)::text r, sum(first_deposits)::text f, sum(first_deposit_amount)::text a FROM reporting_player_hourly GROUP BY 1`,
        ),
      ),
      hours: canon(await rows(t, sql`SELECT member_id::text, hour FROM reporting_member_hours`)),
    });
    const before = await snapshot();
    await sql`SELECT reporting_backfill()`.execute(t.database.db);
    expect(await snapshot()).toEqual(before);
  });

  it('the dashboard and reports agree with the ledger and with the players’ own bet records', async () => {
    const now = Date.now();
    const from = new Date(Math.floor(now / HOUR) * HOUR - 24 * HOUR).toISOString();
    const to = new Date(Math.floor(now / HOUR) * HOUR + HOUR).toISOString();
    const d = valueOf<Dashboard>(
      await call(t.app, 'GET', `/ops/dashboard?from=${from}&to=${to}&timeZone=America/Sao_Paulo`, { token: finance }),
    );
    const [ledger] = await rows(
      t,
      sql`SELECT
        coalesce(sum(-e.amount) FILTER (WHERE t.kind = 'bet'), 0) - coalesce(sum(e.amount) FILTER (WHERE t.kind = 'rollback'), 0) AS bets,
        coalesce(sum(e.amount) FILTER (WHERE t.kind = 'win'), 0) AS wins
      FROM ledger_transactions AS t JOIN ledger_entries AS e ON e.transaction_id = t.id
      JOIN ledger_accounts AS a ON a.id = e.account_id AND a.is_player JOIN members AS m ON m.id = a.member_id AND m.type <> 4
      WHERE t.kind IN ('bet', 'win', 'rollback')`,
    );
    expect(d.games.betsMinor).toBe(String(ledger!.bets));
    expect(d.games.winsMinor).toBe(String(ledger!.wins));
    expect(d.deposits).toEqual({ count: 3, amountMinor: String(100_25 + 101_25 + 50_00) });
    expect(d.withdrawals).toEqual({ count: 1, amountMinor: '6000' });
    expect(d.netDepositsMinor).toBe(String(100_25 + 101_25 + 50_00 - 60_00));
    expect(d.firstDeposits).toBe(2);
    expect(d.activePlayers).toBe(players.length);
    expect(d.queues.deposits.count).toBe(1);
    expect(d.queues.withdrawals.count).toBe(1);
    expect(d.byCategory.map((c) => c.category).sort()).toEqual(['INHOUSE', 'RNG']);
    // The sidebar's light summary counts the same queues as the dashboard.
    const counts = valueOf<QueueCounts>(await call(t.app, 'GET', '/ops/queues/summary', { token: finance }));
    expect(counts).toEqual({
      deposits: d.queues.deposits.count,
      withdrawals: d.queues.withdrawals.count,
      disputes: d.queues.disputes.count,
      vendorTransfers: d.queues.vendorTransfers.count,
      redemptions: 0,
      heldRewards: 0,
      setupApprovals: 0,
    });
    expect(counts.deposits).toBe(1);
    expect((await call(t.app, 'GET', '/ops/queues/summary')).statusCode).toBe(401);

    // The players' side: their bet records' stakes less payouts are the house's revenue.
    let stake = 0n;
    let payout = 0n;
    for (const memberId of players) {
      const p = await t.app.services.betRecord.profit(memberId, { utcOffsetMinutes: 0 });
      stake += BigInt(p.totals.stakeMinor);
      payout += BigInt(p.totals.payoutMinor);
    }
    expect(d.games.ggrMinor).toBe((stake - payout).toString());

    const pnl = valueOf<{ totals: { ggrMinor: string } }>(
      await call(t.app, 'GET', `/ops/reports/pnl?from=${from}&to=${to}&timeZone=America/Sao_Paulo`, { token: finance }),
    );
    expect(pnl.totals.ggrMinor).toBe(d.games.ggrMinor);
    const csv = await call(t.app, 'GET', `/ops/reports/payments/csv?from=${from}&to=${to}&timeZone=America/Sao_Paulo`, {
      token: finance,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe('day,kind,channel,channel_name,count,amount_BRL,fee_BRL');
    expect(lines).toContain('total,deposit,,,3,251.50,');
  });

  it('refuses ranges that are not whole hours, part-hour time zones and operators without the permission', async () => {
    const from = '2026-01-01T00:00:00Z';
    expect(
      (
        await call(t.app, 'GET', `/ops/reports/pnl?from=2026-01-01T00:30:00Z&to=2026-01-02T00:00:00Z`, {
          token: finance,
        })
      ).statusCode,
    ).toBe(400);
    const kolkata = await call(
      t.app,
      'GET',
      `/ops/reports/pnl?from=${from}&to=2026-01-02T00:00:00Z&timeZone=Asia/Kolkata`,
      { token: finance },
    );
    expect(kolkata.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    const support = await operatorToken(t, 'support');
    expect(
      (await call(t.app, 'GET', `/ops/reports/pnl?from=${from}&to=2026-01-02T00:00:00Z`, { token: support }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', `/ops/reports/pnl?from=${from}&to=2026-01-02T00:00:00Z`)).statusCode).toBe(401);
  });

  it('counts distinct active players exactly for any whole-hour range, activity recorded in any order', async () => {
    // Activity of a few members over ten days, recorded out of order, through the trigger's own function.
    const base = Date.UTC(2025, 0, 10);
    const members = ['900000001', '900000002', '900000003', '900000004'];
    const events: [string, number][] = [];
    for (let i = 0; i < 120; i++)
      events.push([
        members[crypto.randomInt(members.length)]!,
        base + crypto.randomInt(240) * HOUR + crypto.randomInt(HOUR),
      ]);
    for (const [m, at] of events)
      await sql`SELECT reporting_note_activity(${m}::bigint, ${new Date(at)}::timestamptz)`.execute(t.database.db);
    for (let k = 0; k < 60; k++) {
      const a = base - 24 * HOUR + crypto.randomInt(280) * HOUR;
      const b = a + (1 + crypto.randomInt(200)) * HOUR;
      const expected = new Set(events.filter(([, at]) => at >= a && at < b).map(([m]) => m)).size;
      const real = await rows(
        t,
        sql`SELECT count(DISTINCT member_id)::int AS n FROM reporting_member_hours WHERE hour >= ${new Date(a)} AND hour < ${new Date(b)} AND member_id >= 900000001`,
      );
      const counted = await countActivePlayers(t.database.db, { from: new Date(a), to: new Date(b) });
      expect(counted, `[${new Date(a).toISOString()}, ${new Date(b).toISOString()})`).toBe(expected);
      expect(real[0]!.n).toBe(expected);
    }
  });
});
