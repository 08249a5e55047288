// The monthly partitions' migration (0765) rehearsed on a copy of production's size: a scratch
// database migrated to the version before it, filled with REHEARSAL_ROUNDS rounds (5,000,000 by
// default) spread over 18 months, each with its bet and, for two in five, a win (so 1.4 bets and
// ledger transactions and 2.8 ledger entries per round), then migration 0765 run and timed in
// its one transaction, as a release would run it. Afterwards every count must be equal, each row
// in its month, and the ledger check must pass. Prints the load average with the figures: the
// machine is shared, so read the time as an upper bound.
// Run: REHEARSAL_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres npx tsx bench/partitions-rehearsal.ts
// (a server where this user may create databases; the scratch database is dropped afterwards
// unless REHEARSAL_KEEP=1.) Takes tens of minutes at the default size.
import os from 'node:os';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { readMigrations, runMigrations } from '../apps/server/src/db/migrate';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check';

const ROUNDS = Number(process.env.REHEARSAL_ROUNDS ?? 5_000_000);
const PLAYERS = 1_000;
const MONTHS = 18;
const PARTITIONS_VERSION = 765;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await fn();
  console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s (load average ${load()})`);
  return result;
}

async function main(): Promise<void> {
  const server = process.env.REHEARSAL_DATABASE_URL;
  if (!server) throw new Error('set REHEARSAL_DATABASE_URL (a PostgreSQL server to make the scratch database on)');
  const name = `partitions_rehearsal_${process.pid}`;
  const admin = await openDatabase({ databaseUrl: server, dataDir: null, poolSize: 1 });
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin.db);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 2 });
  const db = database.db;
  try {
    const all = readMigrations();
    await timed('migrations before 0765', () =>
      runMigrations(
        database,
        all.filter((m) => m.version < PARTITIONS_VERSION),
        [],
      ),
    );
    await timed(`copy built: ${ROUNDS} rounds over ${MONTHS} months`, () =>
      db.connection().execute(async (c) => {
        // Rows as the writers leave them, without their triggers (the copy is made, not played).
        await sql`SET session_replication_role = replica`.execute(c);
        await sql`INSERT INTO members (account, password_hash)
          SELECT 'rehearsal' || g, 'x' FROM generate_series(1, ${PLAYERS}) AS g`.execute(c);
        await sql`INSERT INTO ledger_accounts (member_id, purpose, currency, is_player)
          SELECT id, 'player_main', 'BRL', true FROM members WHERE account LIKE 'rehearsal%' ORDER BY id`.execute(c);
        await sql`CREATE TEMP TABLE plan AS
          SELECT n,
            (SELECT min(id) FROM ledger_accounts WHERE purpose = 'player_main' AND is_player) + n % ${PLAYERS} AS wallet,
            (SELECT min(id) FROM members WHERE account LIKE 'rehearsal%') + n % ${PLAYERS} AS member_id,
            date_trunc('month', now()) - interval '${sql.raw(String(MONTHS - 1))} months'
              + (now() - (date_trunc('month', now()) - interval '${sql.raw(String(MONTHS - 1))} months')) * (n::float8 / ${ROUNDS}) AS at,
            100 + (n * 7919 % 50) * 100 AS bet,
            CASE WHEN n % 5 < 2 THEN n * 31 % 4000 + 1 ELSE 0 END AS win
          FROM generate_series(1::bigint, ${ROUNDS}) AS n`.execute(c);
        const { rows } = await sql<{ base: string; house: string; clearing: string }>`
          SELECT (SELECT coalesce(max(id), 0) FROM ledger_transactions) + 10 AS base,
            (SELECT id FROM ledger_accounts WHERE purpose = 'house_cash' AND currency = 'BRL' AND member_id IS NULL) AS house,
            (SELECT id FROM ledger_accounts WHERE purpose = 'gateway_clearing' AND currency = 'BRL' AND member_id IS NULL) AS clearing`.execute(
          c,
        );
        const { base, house, clearing } = rows[0]!;
        const winBase = BigInt(base) + BigInt(ROUNDS) + 10n;
        const fundBase = winBase + BigInt(ROUNDS) + 10n;
        // Each player's opening deposit, at the start, so no wallet goes below zero.
        await sql`INSERT INTO ledger_transactions (id, kind, idempotency_key, request_hash, currency, reference, metadata, result, created_at)
          OVERRIDING SYSTEM VALUE
          SELECT ${fundBase.toString()}::bigint + a.rn, 'adjustment', 'rehearsal-fund:' || a.id, 'x', 'BRL', NULL, '{}', '{}',
            date_trunc('month', now()) - interval '${sql.raw(String(MONTHS - 1))} months'
          FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM ledger_accounts WHERE purpose = 'player_main' AND is_player) AS a`.execute(
          c,
        );
        await sql`INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
          SELECT t.id, v.account, v.amount, 'BRL'
          FROM ledger_transactions AS t JOIN ledger_accounts AS a ON t.idempotency_key = 'rehearsal-fund:' || a.id
          CROSS JOIN LATERAL (VALUES (a.id, 1000000000000::bigint), (${clearing}::bigint, -1000000000000::bigint)) AS v(account, amount)`.execute(
          c,
        );
        await sql`INSERT INTO ledger_transactions (id, kind, idempotency_key, request_hash, currency, reference, metadata, result, created_at)
          OVERRIDING SYSTEM VALUE
          SELECT ${base}::bigint + p.n, 'bet', 'seamless:REH:b' || p.n, 'x', 'BRL', 'round:REH:r' || p.n, '{}', '{}', p.at FROM plan AS p`.execute(
          c,
        );
        await sql`INSERT INTO ledger_transactions (id, kind, idempotency_key, request_hash, currency, reference, metadata, result, created_at)
          OVERRIDING SYSTEM VALUE
          SELECT ${winBase.toString()}::bigint + p.n, 'win', 'seamless:REH:w' || p.n, 'x', 'BRL', 'round:REH:r' || p.n, '{}', '{}', p.at + interval '1 second'
          FROM plan AS p WHERE p.win > 0`.execute(c);
        await sql`INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
          SELECT ${base}::bigint + p.n, v.account, v.amount, 'BRL'
          FROM plan AS p CROSS JOIN LATERAL (VALUES (p.wallet, -p.bet), (${house}::bigint, p.bet)) AS v(account, amount)`.execute(
          c,
        );
        await sql`INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
          SELECT ${winBase.toString()}::bigint + p.n, v.account, v.amount, 'BRL'
          FROM plan AS p CROSS JOIN LATERAL (VALUES (${house}::bigint, -p.win), (p.wallet, p.win)) AS v(account, amount)
          WHERE p.win > 0`.execute(c);
        await sql`INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, status, total_bet, total_win, created_at, updated_at, settled_at)
          SELECT 'REH', 'r' || p.n, p.member_id, 'g', 'BRL', 'settled', p.bet, p.win, p.at, p.at, p.at FROM plan AS p`.execute(
          c,
        );
        await sql`INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash, ledger_transaction_id, response, created_at)
          SELECT 'REH', 'b' || p.n, 'bet', 'r' || p.n, p.member_id, 'g', p.bet, 'accepted', 'x', ${base}::bigint + p.n, '{}', p.at FROM plan AS p`.execute(
          c,
        );
        await sql`INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, ref_tx_id, status, request_hash, ledger_transaction_id, response, created_at)
          SELECT 'REH', 'w' || p.n, 'win', 'r' || p.n, p.member_id, '', p.win, 'b' || p.n, 'done', 'x', ${winBase.toString()}::bigint + p.n, '{}', p.at + interval '1 second'
          FROM plan AS p WHERE p.win > 0`.execute(c);
        await sql`SELECT setval('ledger_transactions_id_seq', (SELECT max(id) FROM ledger_transactions))`.execute(c);
        await sql`UPDATE ledger_accounts AS a SET balance = s.total
          FROM (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) AS s WHERE s.account_id = a.id`.execute(
          c,
        );
        await sql`SET session_replication_role = DEFAULT`.execute(c);
        await sql`VACUUM ANALYZE`.execute(c);
      }),
    );
    const count = async () => {
      const { rows } = await sql<{ rounds: string; bets: string; entries: string; sum: string }>`
        SELECT (SELECT count(*) FROM game_rounds)::text AS rounds, (SELECT count(*) FROM round_bets)::text AS bets,
          (SELECT count(*) FROM ledger_entries)::text AS entries, (SELECT sum(amount) FROM ledger_entries)::text AS sum`.execute(
        db,
      );
      return rows[0]!;
    };
    const before = await count();
    console.log(`before: ${before.rounds} rounds, ${before.bets} bets, ${before.entries} ledger entries`);
    const applied = await timed('migration 0765 (one transaction), with the function files after it', () =>
      runMigrations(database),
    );
    console.log(`applied: ${applied.filter((a) => !a.startsWith('function ')).join(', ')}`);
    const after = await count();
    const { rows: keys } = await sql<{ rounds: string; bets: string; months: string; misplaced: string }>`
      SELECT (SELECT count(*) FROM game_round_keys)::text AS rounds, (SELECT count(*) FROM round_bet_keys)::text AS bets,
        (SELECT count(*) FROM pg_inherits WHERE inhparent = 'game_rounds'::regclass)::text AS months,
        (SELECT count(*) FROM game_rounds_default)::text AS misplaced`.execute(db);
    console.log(
      `after: ${after.rounds} rounds, ${after.bets} bets, ${after.entries} ledger entries; keys ${keys[0]!.rounds} rounds, ${keys[0]!.bets} bets; ` +
        `${keys[0]!.months} partitions of game_rounds (${keys[0]!.misplaced} rows in _default)`,
    );
    const equal =
      JSON.stringify(before) === JSON.stringify(after) &&
      keys[0]!.rounds === after.rounds &&
      keys[0]!.bets === after.bets &&
      keys[0]!.misplaced === '0';
    const check = await timed('ledger check', () => checkLedger(db));
    console.log(`counts equal: ${equal}; ledger check: ${check.ok ? 'passed' : check.problems.join('; ')}`);
    if (!equal || !check.ok) process.exitCode = 1;
  } finally {
    await database.close();
    if (process.env.REHEARSAL_KEEP !== '1') await sql`DROP DATABASE ${sql.id(name)}`.execute(admin.db);
    await admin.close();
  }
}

await main();
