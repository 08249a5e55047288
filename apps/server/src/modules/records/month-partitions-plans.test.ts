import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { nodes, type PlanNode } from '../../../test/plan-nodes';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';
import {
  closeRounds,
  completeRoundBet,
  findRoundBet,
  insertRoundBet,
  lockRound,
  markBetRolledBack,
  updateRound,
} from '../gateway/seamless.repository';
import { ledgerEntriesQuery } from '../ledger/ledger-history';
import { createMonthPartitions, monthStart } from './month-partitions.repository';

// The reads and writes of the month-partitioned game_rounds, round_bets and ledger_entries
// (migration 0765) must read what the plain tables read, however many months there are. With 28
// months made and data in several of them:
// - the ledger history's page (EXPLAIN (ANALYZE, FORMAT JSON)) reads at most a page per account
//   (and one row more per month that holds the account's entries) and sorts nothing bigger than a
//   page: a LATERAL per account (its first form) was planned for the average account, which the
//   5,000 short accounts below make a few entries, and appended the months and sorted them whole;
// - the seamless writes by a row's id (a bet's outcome, its rollback, a round's totals, the batch's
//   round close, the settled rounds' reward events) touch their row's month only, where by id alone
//   every month's index is probed. Counted by the transaction's own statistics
//   (pg_stat_xact_user_tables), which see the statements of a plpgsql function too.

const VASSALAGE = 'PPLAN';
const MONTHS_BACK = 26;
/** The months (back from now) holding ledger history, and how many transactions each (half of them the player's). */
const HISTORY_MONTHS = [1, 3, 6, 12, 18, 24];
const PER_MONTH = 4_000;
const OTHER_ACCOUNTS = 5_000;

/** The partition name of `table` for the month holding `at` (UTC). */
function partitionOf(table: string, at: Date): string {
  return `${table}_y${at.getUTCFullYear()}m${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

type Db = Kysely<Database>;
type Reads = { parts: string[]; rows: number };

/** What `run` read of a table's months: the partitions it scanned, and the rows those scans returned. */
async function readsOf(db: Db, table: string, run: (trx: Db) => Promise<unknown>): Promise<Reads> {
  const rollback = new Error('rollback');
  let reads: Reads = { parts: [], rows: 0 };
  const snapshot = async (trx: Db) =>
    new Map(
      (
        await sql<{ name: string; scans: string; rows: string }>`
          SELECT relname AS name, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text AS scans,
                 (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text AS rows
          FROM pg_stat_xact_user_tables WHERE relname LIKE ${`${table}\\_%`}`.execute(trx)
      ).rows.map((r) => [r.name, { scans: Number(r.scans), rows: Number(r.rows) }]),
    );
  await db
    .transaction()
    .execute(async (trx) => {
      const before = await snapshot(trx);
      await run(trx);
      const after = await snapshot(trx);
      for (const [name, a] of after) {
        const b = before.get(name) ?? { scans: 0, rows: 0 };
        if (a.scans > b.scans) reads.parts.push(name);
        reads.rows += a.rows - b.rows;
      }
      reads = { parts: reads.parts.sort(), rows: reads.rows };
      throw rollback;
    })
    .catch((e: unknown) => {
      if (e !== rollback) throw e;
    });
  return reads;
}

describePostgres('monthly partitions: bounded plans over many months [postgres]', () => {
  let t: TestApp;
  let player: Player;
  const db = () => t.database.db;
  const seamless = () => t.app.services.gateway.seamless;
  const now = new Date();
  const monthsBack = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 15));
  const oldMonth = monthsBack(3);

  beforeAll(async () => {
    t = await createTestApp('postgres');
    player = await createPlayer(t.app, 1_000_000n);
    for (let n = 1; n <= MONTHS_BACK; n++) await createMonthPartitions(db(), monthStart(now, -n));

    // Seeding only: the history goes in without its triggers (balance checks one entry at a time);
    // every transaction is balanced anyway, its entries carrying its time.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        // Many other accounts with a short history each, so that the average account (what the
        // planner assumes for an account it does not know when planning) has a few entries.
        await sql`
          INSERT INTO ledger_accounts (currency, purpose, is_player)
          SELECT 'BRL', 'pplan_' || i, false FROM generate_series(1, ${OTHER_ACCOUNTS}) AS i`.execute(trx);
        for (const n of HISTORY_MONTHS) {
          const at = monthsBack(n);
          await sql`
            WITH tx AS (
              INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, currency, result, created_at)
              SELECT 'plan_test', 'pplan-' || ${n}::int || '-' || i, 'h', 'BRL', '{"balances":{}}'::jsonb,
                     ${at}::timestamptz + i * interval '1 second'
              FROM generate_series(1, ${PER_MONTH}) AS i
              RETURNING id, created_at
            ), wallet AS (
              SELECT id FROM ledger_accounts WHERE member_id = ${player.memberId}::bigint AND purpose = 'player_main'
            ), others AS (
              SELECT array_agg(id ORDER BY id) AS ids FROM ledger_accounts WHERE purpose LIKE 'pplan\\_%'
            ), house AS (
              SELECT id FROM ledger_accounts WHERE purpose = 'house_cash' AND member_id IS NULL AND currency = 'BRL'
            )
            INSERT INTO ledger_entries (transaction_id, account_id, amount, currency, created_at)
            SELECT tx.id, CASE WHEN tx.id % 2 = 0 THEN wallet.id ELSE others.ids[1 + (tx.id / 2) % array_length(others.ids, 1)] END,
                   1, 'BRL', tx.created_at
            FROM tx, wallet, others
            UNION ALL
            SELECT tx.id, house.id, -1, 'BRL', tx.created_at FROM tx, house`.execute(trx);
        }
      });

    // Rounds and bets the real way (this month), then one round and its bet aged three months.
    for (const [tx, round] of [
      ['pp-b1', 'pp-r1'],
      ['pp-b0', 'pp-r0'],
    ] as const) {
      await seamless().bet({
        vassalage: VASSALAGE,
        memberId: player.memberId,
        transactionId: tx,
        roundId: round,
        gameId: 'g-1',
        amountMinor: 100n,
      });
    }
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`UPDATE game_rounds SET created_at = ${oldMonth} WHERE vassalage = ${VASSALAGE} AND round_id = 'pp-r0'`.execute(
          trx,
        );
        await sql`UPDATE game_round_keys SET created_at = ${oldMonth} WHERE vassalage = ${VASSALAGE} AND round_id = 'pp-r0'`.execute(
          trx,
        );
        await sql`UPDATE round_bets SET created_at = ${oldMonth} WHERE vassalage = ${VASSALAGE} AND vendor_tx_id = 'pp-b0'`.execute(
          trx,
        );
        await sql`UPDATE round_bet_keys SET created_at = ${oldMonth} WHERE vassalage = ${VASSALAGE} AND vendor_tx_id = 'pp-b0'`.execute(
          trx,
        );
      });
    await sql`ANALYZE`.execute(db());
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  it('has the months to read: at least 24 of each table, history in several', async () => {
    const { rows } = await sql<{ months: number; holding: number }>`
      SELECT count(*)::int AS months,
             count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ledger_entries AS e WHERE e.tableoid = i.inhrelid))::int AS holding
      FROM pg_inherits AS i WHERE i.inhparent = 'ledger_entries'::regclass`.execute(db());
    expect(rows[0]!.months).toBeGreaterThanOrEqual(24);
    expect(rows[0]!.holding).toBeGreaterThanOrEqual(HISTORY_MONTHS.length);
  });

  it('the ledger page reads a page per account, not a month, and sorts no month (first page and deep)', async () => {
    const accounts = await db()
      .selectFrom('ledger_accounts')
      .select(['id', 'purpose'])
      .where('member_id', '=', player.memberId)
      .orderBy('id')
      .execute();
    const { rows: deep } = await sql<{ id: string }>`
      SELECT e.id::text AS id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.member_id = ${player.memberId}::bigint ORDER BY e.id LIMIT 1 OFFSET ${PER_MONTH / 2 + 50}`.execute(db());
    for (const cursor of [undefined, deep[0]!.id]) {
      const compiled = ledgerEntriesQuery(accounts, { cursor, limit: 50 }).compile(db());
      const res = await db().executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
      );
      const [root] = res.rows[0]!['QUERY PLAN'];
      const all = nodes(root.Plan);
      const entryScans = all.filter((n) => n['Relation Name']?.startsWith('ledger_entries'));
      const read = entryScans.reduce(
        (sum, n) => sum + ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1),
        0,
      );
      // A page and one more per account, and at most one row more per month holding the account.
      expect(read).toBeLessThanOrEqual(accounts.length * 51 + HISTORY_MONTHS.length + 1);
      expect(read).toBeGreaterThan(0);
      for (const sort of all.filter((n) => n['Node Type'] === 'Sort')) {
        expect(sort['Actual Rows'] ?? 0).toBeLessThanOrEqual(accounts.length * 51);
      }
      console.log(
        `plan: ledger page (${cursor ? 'deep' : 'first'}) over ${entryScans.length} month scans: ${read} rows read, ${root['Execution Time'].toFixed(2)} ms`,
      );
    }
  });

  it("a bet's outcome and its rollback write the bet's month only", async () => {
    const current = [partitionOf('round_bets', now)];
    const completed = await readsOf(db(), 'round_bets', async (trx) => {
      const key = await insertRoundBet(trx, {
        vassalage: VASSALAGE,
        vendorTxId: 'pp-rb1',
        kind: 'rollback',
        roundId: 'pp-r1',
        memberId: player.memberId,
        nodeId: '',
        amount: 0n,
        refTxId: 'pp-b1',
        requestHash: 'h',
      });
      await completeRoundBet(trx, key!, { status: 'done', amount: 0n, ledgerTransactionId: null, response: {} });
    });
    expect(completed.parts).toEqual(current);
    expect(completed.rows).toBeLessThanOrEqual(2);

    const old = [partitionOf('round_bets', oldMonth)];
    const rolledBack = await readsOf(db(), 'round_bets', async (trx) => {
      const bet = await findRoundBet(trx, VASSALAGE, 'pp-b0', { lock: true });
      expect(bet?.status).toBe('accepted');
      expect(await markBetRolledBack(trx, bet!)).toBe(true);
    });
    expect(rolledBack.parts).toEqual(old);
    expect(rolledBack.rows).toBeLessThanOrEqual(2);
  });

  it("a round's totals, its close and its reward event read the round's month only", async () => {
    const old = [partitionOf('game_rounds', oldMonth)];
    const updated = await readsOf(db(), 'game_rounds', async (trx) => {
      const round = await lockRound(trx, VASSALAGE, 'pp-r0');
      await updateRound(trx, round!, { addRefund: 0n, settle: true });
    });
    expect(updated.parts).toEqual(old);
    expect(updated.rows).toBeLessThanOrEqual(2);

    const closed = await readsOf(db(), 'game_rounds', async (trx) => {
      expect(await closeRounds(trx, VASSALAGE, [{ roundId: 'pp-r0', memberId: player.memberId }])).toBe(1);
    });
    expect(closed.parts).toEqual(old);
    expect(closed.rows).toBeLessThanOrEqual(1);
    // A batch over two months reads those months and the ones between, no other.
    const span = await readsOf(db(), 'game_rounds', async (trx) => {
      const rounds = ['pp-r0', 'pp-r1'].map((roundId) => ({ roundId, memberId: player.memberId }));
      expect(await closeRounds(trx, VASSALAGE, rounds)).toBe(2);
    });
    expect(span.parts.length).toBeLessThanOrEqual(4);
    expect(span.parts).toContain(partitionOf('game_rounds', oldMonth));
    expect(span.parts).toContain(partitionOf('game_rounds', now));

    const rewarded = await readsOf(db(), 'game_rounds', async (trx) => {
      const round = await lockRound(trx, VASSALAGE, 'pp-r0');
      await sql`SELECT round_counters_add(ARRAY[${player.memberId}::bigint], ARRAY[${VASSALAGE}::text], ARRAY['BRL'],
        ARRAY[0::bigint], ARRAY[0::bigint], ARRAY[0::bigint], ARRAY[0], ARRAY[${round!.id}::bigint],
        ARRAY[${round!.createdAt}::timestamptz])`.execute(trx);
    });
    expect(rewarded.parts).toEqual(old);
  });
});
