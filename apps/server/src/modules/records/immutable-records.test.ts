import crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DepositOrder } from '@wps/shared/schemas/deposit';
import type { WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { setOrderExpiry } from '../deposit/deposit.repository';
import { createOrder, demoChannel } from '../deposit/deposit.test-support';
import { SANDBOX_SEAMLESS } from '../gateway/gateway.service';
import { createPlayer, injectCallback, launchToken, type Player } from '../gateway/gateway.test-support';
import { createPayer, operatorToken, requestWithdrawal } from '../withdrawal/withdrawal.test-support';

// Records that cannot be deleted (migration 0600; docs/compliance.md, "Records that cannot be
// deleted"): the bet, order, KYC and responsible-gambling tables refuse DELETE and TRUNCATE
// (SQLSTATE RC001) and an UPDATE of a closed row (RC002), for every database user, the
// application's own included; open rows still change through the real paths (a round settled by
// the vendor's win, a late payment credited on an expired order, a withdrawal's receipt).

type Db = Kysely<Database>;

const SECRET = crypto.randomBytes(24).toString('hex');
const uid = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

/** The SQLSTATE a statement failed with, or undefined when it succeeded. */
async function sqlState(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code ?? `no code: ${String(e)}`;
  }
}

/** Every table the migration covers, with how one of its rows is named. */
const TABLES: Record<string, string> = {
  game_rounds: 'id',
  round_bets: 'id',
  inhouse_rounds: 'id',
  lottery_tickets: 'id',
  deposit_orders: 'id',
  withdrawal_orders: 'id',
  kyc_checks: 'id',
  rg_history: 'id',
  rg_exclusions: 'id',
  rg_limits: 'member_id',
  rg_players: 'member_id',
};

describeEachDatabase('records that cannot be deleted', (target) => {
  let t: TestApp;
  const db = () => t.database.db;
  let player: Player;
  let finance: string;
  /** One row of each table: closed where the table has a closed state (its key value). */
  const closed: Record<string, string> = {};
  /** An accepted bet of a settled round (closed with its round). */
  let settledBet: string;
  /** A credited order that was expired first (its late payment, the one step an expired order still takes). */
  let lateCredited: string;
  /** A time-out in force (its terms never change). */
  let openExclusion: string;
  /** A round still open, and its accepted bet. */
  let openRound: { id: string; roundId: string; betTx: string };

  /** The id a statement returns (its first row's `id`), as text. */
  const idOf = async (query: RawBuilder<unknown>) =>
    String(((await query.execute(db())).rows[0] as { id: unknown }).id);

  async function session(p: Player): Promise<string> {
    const token = await launchToken(t.app, p, 'SBX-slot-01', SANDBOX_SEAMLESS);
    return valueOf<{ sessionToken: string }>(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'authenticate', { launchToken: token }),
    ).sessionToken;
  }
  const vendor = (op: string, body: Record<string, unknown>) =>
    injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, op, { playerId: player.memberId, ...body });

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.app.services.gateway.configureAdapter({
      vassalage: SANDBOX_SEAMLESS,
      walletModel: 'seamless',
      launchUrl: 'http://vendor.test/play',
      apiUrl: null,
      secret: SECRET,
      requestTimeoutMs: 500,
    });
    player = await createPlayer(t.app, 100_000n);
    finance = await operatorToken(t.app, 'finance');
    const sessionToken = await session(player);

    // A round played and settled through the seamless API: a bet, then the win that closes it.
    const roundId = uid('r');
    const betTx = uid('b');
    const winTx = uid('w');
    valueOf(
      await vendor('bet', { sessionToken, transactionId: betTx, roundId, gameId: 'SBX-slot-01', amountMinor: '1000' }),
    );
    valueOf(
      await vendor('win', {
        transactionId: winTx,
        roundId,
        betTransactionId: betTx,
        amountMinor: '1500',
        roundClosed: true,
      }),
    );
    closed.game_rounds = await idOf(
      sql`SELECT id FROM game_rounds WHERE vassalage = ${SANDBOX_SEAMLESS} AND round_id = ${roundId}`,
    );
    closed.round_bets = await idOf(
      sql`SELECT id FROM round_bets WHERE vassalage = ${SANDBOX_SEAMLESS} AND vendor_tx_id = ${winTx}`,
    );
    settledBet = await idOf(
      sql`SELECT id FROM round_bets WHERE vassalage = ${SANDBOX_SEAMLESS} AND vendor_tx_id = ${betTx}`,
    );

    // A round left open, with an accepted bet.
    const openRoundId = uid('r');
    const openBet = uid('b');
    valueOf(
      await vendor('bet', {
        sessionToken,
        transactionId: openBet,
        roundId: openRoundId,
        gameId: 'SBX-slot-01',
        amountMinor: '500',
      }),
    );
    openRound = {
      id: await idOf(
        sql`SELECT id FROM game_rounds WHERE vassalage = ${SANDBOX_SEAMLESS} AND round_id = ${openRoundId}`,
      ),
      roundId: openRoundId,
      betTx: openBet,
    };

    // Our own game's round, settled; a lottery ticket of a voided draw, refunded.
    const seed = await idOf(
      sql`INSERT INTO inhouse_seeds (member_id, server_seed, server_seed_hash, client_seed) VALUES (${player.memberId}::bigint, repeat('a', 64), repeat('b', 64), 'c') RETURNING id`,
    );
    closed.inhouse_rounds =
      await idOf(sql`INSERT INTO inhouse_rounds (round_id, member_id, node_id, game, idempotency_key, seed_id, server_seed_hash, client_seed, nonce, stake, payout, outcome, status, settled_at)
       VALUES (${uid('ih')}, ${player.memberId}::bigint, 'inhouse-dice', 'dice', ${uid('k')}, ${seed}::bigint, repeat('b', 64), 'c', 0, 100, 0, '{}', 'settled', now()) RETURNING id`);
    const draw =
      await idOf(sql`INSERT INTO lottery_draws (game_code, numero, opens_at, closes_at, draw_at, status, voided_at, void_reason)
       SELECT code, ${uid('n')}, now() - interval '2 hours', now() - interval '1 hour', now() - interval '1 hour', 'voided', now(), 'records test' FROM lottery_games ORDER BY code LIMIT 1 RETURNING id`);
    closed.lottery_tickets =
      await idOf(sql`INSERT INTO lottery_tickets (draw_id, member_id, idempotency_key, selections, stake_minor, max_payout_minor, status, payout_minor, settled_at, odds, payout_cap_minor)
       VALUES (${draw}::bigint, ${player.memberId}::bigint, ${uid('ticket')}, '[]', 100, 0, 'refunded', 0, now(), '{}', 1) RETURNING id`);

    // Deposits through the API: one rejected by an operator (failed); one expired, then its late
    // transfer confirmed (credited from expired: the one step a closed order still takes).
    const manual = await demoChannel(t, player.token, 'manual_bank');
    const rejected = await createOrder(t, player.token, manual.id, '30');
    valueOf(
      await call(t.app, 'POST', `/ops/deposits/${rejected.id}/reject`, {
        token: finance,
        payload: { reason: 'never arrived' },
      }),
    );
    closed.deposit_orders = rejected.id;
    const late = await createOrder(t, player.token, manual.id, '40');
    await setOrderExpiry(db(), late.id, new Date(Date.now() - 60_000));
    await t.app.services.deposits.sweepOverdue();
    expect(
      (await db().selectFrom('deposit_orders').select('status').where('id', '=', late.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('expired');
    const credited = valueOf<DepositOrder>(
      await call(t.app, 'POST', `/ops/deposits/${late.id}/confirm`, {
        token: finance,
        payload: { reason: 'late transfer' },
      }),
    );
    expect(credited.status).toBe('credited');
    lateCredited = late.id;

    // A withdrawal approved (paid), then confirmed received by the player: completed.
    const payer = await createPayer(t.app, 100_00n);
    const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '50.00'));
    valueOf(
      await call(t.app, 'POST', `/ops/withdrawals/${order.id}/approve`, {
        token: finance,
        payload: { reason: 'checked' },
      }),
    );
    const completed = valueOf<WithdrawalOrder>(
      await call(t.app, 'POST', `/wps/withdraw/orders/${order.id}/confirm`, {
        token: payer.token,
        payload: { result: 'received' },
      }),
    );
    expect(completed.status).toBe('completed');
    closed.withdrawal_orders = order.id;

    // A decided identity check.
    closed.kyc_checks =
      await idOf(sql`INSERT INTO kyc_checks (member_id, provider, provider_ref, purpose, status, reason, decided_by, decided_at)
       VALUES (${player.memberId}::bigint, 'sandbox', ${uid('kyc')}, 'onboarding', 'failed', 'document unreadable', 'provider', now()) RETURNING id`);

    // Responsible gambling through the player's page: a limit (rg_players, rg_limits, rg_history)
    // and a time-out in force; an exclusion that ended.
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
        token: player.token,
        payload: { limits: [{ kind: 'deposit_day', value: '500' }] },
      }),
    );
    closed.rg_history = await idOf(
      sql`SELECT max(id) AS id FROM rg_history WHERE member_id = ${player.memberId}::bigint`,
    );
    closed.rg_limits = player.memberId;
    closed.rg_players = player.memberId;
    closed.rg_exclusions = await idOf(sql`INSERT INTO rg_exclusions (member_id, kind, starts_at, ends_at, ended_at)
       VALUES (${player.memberId}::bigint, 'time_out', now() - interval '2 days', now() - interval '1 day', now() - interval '1 day') RETURNING id`);
    const other = await createPlayer(t.app);
    valueOf(
      await call(t.app, 'POST', '/wps/responsible-gaming/time-out', {
        token: other.token,
        payload: { duration: '24h' },
      }),
    );
    openExclusion = await idOf(
      sql`SELECT id FROM rg_exclusions WHERE member_id = ${other.memberId}::bigint AND ended_at IS NULL`,
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A change to a closed row of each table, the one the record would most want to hide. */
  const closedChanges = (): [string, string, string][] => [
    ['game_rounds', 'SET total_win = total_win + 1', closed.game_rounds!],
    ['round_bets', 'SET amount = amount + 1', closed.round_bets!],
    // The rollback of a bet whose round is settled: a stake given back after the round closed.
    ['round_bets', "SET status = 'rolled_back'", settledBet],
    ['inhouse_rounds', 'SET payout = payout + 1', closed.inhouse_rounds!],
    ['lottery_tickets', "SET status = 'won', payout_minor = 1000", closed.lottery_tickets!],
    ['deposit_orders', "SET failure_reason = 'edited'", closed.deposit_orders!],
    ['deposit_orders', 'SET resolved_at = now()', lateCredited],
    ['withdrawal_orders', 'SET amount = amount + 1', closed.withdrawal_orders!],
    ['kyc_checks', "SET status = 'passed'", closed.kyc_checks!],
    ['rg_history', "SET after_value = '5000.00'", closed.rg_history!],
    ['rg_exclusions', 'SET ended_at = NULL', closed.rg_exclusions!],
    // A time-out in force is never shortened.
    ['rg_exclusions', 'SET ends_at = now()', openExclusion],
  ];

  const update = (d: Db, table: string, change: string, id: string) =>
    sql`UPDATE ${sql.table(table)} ${sql.raw(change)} WHERE id = ${id}::bigint`.execute(d);
  const remove = (d: Db, table: string) =>
    sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(TABLES[table]!)} = ${closed[table]!}::bigint`.execute(d);

  it('refuses DELETE of every covered table, and TRUNCATE', async () => {
    for (const table of Object.keys(TABLES)) {
      expect.soft(await sqlState(remove(db(), table)), `DELETE FROM ${table}`).toBe('RC001');
      // Even a DELETE that matches nothing: no code path may hold one.
      expect.soft(await sqlState(sql`DELETE FROM ${sql.table(table)} WHERE false`.execute(db())), table).toBe('RC001');
      expect
        .soft(await sqlState(sql`TRUNCATE ${sql.table(table)} CASCADE`.execute(db())), `TRUNCATE ${table}`)
        .toBe('RC001');
      const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db());
      expect.soft(left.rows[0]!.n, table).toBeGreaterThan(0);
    }
  });

  it('refuses an UPDATE of a closed row of each table', async () => {
    for (const [table, change, id] of closedChanges()) {
      expect.soft(await sqlState(update(db(), table, change, id)), `${table} ${id}: ${change}`).toBe('RC002');
    }
  });

  it('open rows still change through the real paths: a rollback and a win settle the open round, which then refuses changes', async () => {
    const sessionToken = await session(player);
    // The open round takes another bet, that bet's rollback (accepted → rolled_back), and the closing win.
    const second = uid('b');
    valueOf(
      await vendor('bet', {
        sessionToken,
        transactionId: second,
        roundId: openRound.roundId,
        gameId: 'SBX-slot-01',
        amountMinor: '300',
      }),
    );
    valueOf(
      await vendor('rollback', { transactionId: uid('rb'), roundId: openRound.roundId, betTransactionId: second }),
    );
    valueOf(
      await vendor('win', {
        transactionId: uid('w'),
        roundId: openRound.roundId,
        betTransactionId: openRound.betTx,
        amountMinor: '200',
        roundClosed: true,
      }),
    );
    const round = await sql<{ status: string; bet: string; win: string; refund: string }>`
      SELECT status, total_bet::text AS bet, total_win::text AS win, total_refund::text AS refund
      FROM game_rounds WHERE id = ${openRound.id}::bigint`.execute(db());
    expect(round.rows[0]).toEqual({ status: 'settled', bet: '800', win: '200', refund: '300' });
    // Closed now: a late win through the API is refused as before, and a direct change by the database.
    const late = await vendor('win', {
      transactionId: uid('w'),
      roundId: openRound.roundId,
      betTransactionId: openRound.betTx,
      amountMinor: '100',
    });
    expect(late.json()).toMatchObject({ success: false, errorCode: 'ROUND_SETTLED' });
    expect(await sqlState(update(db(), 'game_rounds', 'SET total_win = total_win + 100', openRound.id))).toBe('RC002');
    // The expired order's late credit went through once; the credited order takes nothing more.
    const order = await db()
      .selectFrom('deposit_orders')
      .select(['status', 'ledger_transaction_id'])
      .where('id', '=', lateCredited)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('credited');
    expect(order.ledger_transaction_id).not.toBeNull();
  });

  it("as the application's database user (not a superuser, every table privilege granted): the refusals hold and the triggers cannot be switched off", async () => {
    const role = `wps_app_${crypto.randomBytes(5).toString('hex')}`;
    await sql`CREATE ROLE ${sql.id(role)} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB`.execute(db());
    // What the application needs, and more: DELETE and TRUNCATE are granted, so the refusals below
    // are the triggers', not a missing privilege.
    await sql`GRANT USAGE ON SCHEMA public TO ${sql.id(role)}`.execute(db());
    await sql`GRANT ALL PRIVILEGES ON ALL TABLES IN SCHEMA public TO ${sql.id(role)}`.execute(db());
    await sql`GRANT ALL PRIVILEGES ON ALL SEQUENCES IN SCHEMA public TO ${sql.id(role)}`.execute(db());
    // On PostgreSQL the role logs in on a connection of its own; PGlite has one connection and
    // takes the role for a transaction instead (SET LOCAL ROLE), each refusal in a savepoint.
    const own: { handle?: DatabaseHandle } = {};
    const asApp = async (fn: (d: Db) => Promise<void>): Promise<void> => {
      if (target === 'postgres') {
        if (!own.handle) {
          const url = new URL(t.config.databaseUrl!);
          url.username = role;
          url.password = '';
          own.handle = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 1 });
        }
        return fn(own.handle.db);
      }
      await db()
        .transaction()
        .execute(async (trx) => {
          await sql`SET LOCAL ROLE ${sql.id(role)}`.execute(trx);
          await fn(trx);
        });
    };
    try {
      await asApp(async (d) => {
        const who = await sql<{ super: boolean; user: string }>`
          SELECT rolsuper AS super, current_user AS user FROM pg_roles WHERE rolname = current_user`.execute(d);
        expect(who.rows[0]).toEqual({ super: false, user: role });
      });
      for (const table of Object.keys(TABLES)) {
        await asApp(async (d) => {
          expect
            .soft(await sqlState(inSavepoint(d, (s) => remove(s, table))), `DELETE FROM ${table} as ${role}`)
            .toBe('RC001');
        });
      }
      for (const [table, change, id] of closedChanges()) {
        await asApp(async (d) => {
          expect
            .soft(await sqlState(inSavepoint(d, (s) => update(s, table, change, id))), `${table}: ${change} as ${role}`)
            .toBe('RC002');
        });
      }
      await asApp(async (d) => {
        // Switching triggers off takes a superuser (42501: insufficient privilege).
        expect(await sqlState(inSavepoint(d, (s) => sql`SET session_replication_role = replica`.execute(s)))).toBe(
          '42501',
        );
        // An open row still changes for the same user (no privilege is missing).
        const open = await createOpenRound(d);
        await sql`UPDATE game_rounds SET total_bet = total_bet + 1 WHERE id = ${open}::bigint`.execute(d);
      });
    } finally {
      await own.handle?.close();
      await sql`DROP OWNED BY ${sql.id(role)}`.execute(db());
      await sql`DROP ROLE ${sql.id(role)}`.execute(db());
    }
  });

  /** An open round of the player, written as the given user. */
  async function createOpenRound(d: Db): Promise<string> {
    const r = await sql<{ id: string }>`
      INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency)
      VALUES (${SANDBOX_SEAMLESS}, ${uid('r')}, ${player.memberId}::bigint, 'SBX-slot-01', 'BRL') RETURNING id::text AS id`.execute(
      d,
    );
    return r.rows[0]!.id;
  }
});

/**
 * Run a statement that is expected to fail without losing the caller's transaction (PGlite's role
 * scope): inside a savepoint when `d` is a transaction, as it is on its own otherwise.
 */
async function inSavepoint(d: Db, run: (s: Db) => Promise<unknown>): Promise<unknown> {
  if (!d.isTransaction) return run(d);
  const name = `sp_${crypto.randomBytes(4).toString('hex')}`;
  await sql`SAVEPOINT ${sql.id(name)}`.execute(d);
  try {
    const result = await run(d);
    await sql`RELEASE SAVEPOINT ${sql.id(name)}`.execute(d);
    return result;
  } catch (e) {
    await sql`ROLLBACK TO SAVEPOINT ${sql.id(name)}`.execute(d);
    throw e;
  }
}
