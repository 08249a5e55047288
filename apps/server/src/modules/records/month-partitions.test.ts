import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';
import { startMonthPartitionsJob } from '../../jobs/month-partitions.job';
import { listJobRuns } from '../../jobs/job-runs.repository';
import { MONTH_PARTITIONS_JOB, createMonthPartitionsService } from './month-partitions.service';
import { detachMonthPartitions, listPartitions, monthStart } from './month-partitions.repository';

// Monthly partitions of game_rounds, round_bets and ledger_entries (migration 0765; docs/decisions.md,
// "Monthly partitions of the rounds and the ledger"): rows land in their month, a vendor id stays
// unique across months through the key tables (a replay a month later gets the first answer, a win
// pays a round of last month), every month refuses DELETE and TRUNCATE of its own, the daily job
// makes the months ahead once across instances, and a detached month still refuses updates.

const VASSALAGE = 'PARTS';

/** The SQLSTATE a statement failed with, or undefined when it succeeded. */
async function sqlState(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code ?? `no code: ${String(e)}`;
  }
}

/** The partition name of `table` for the month holding `at` (UTC). */
function partitionOf(table: string, at: Date): string {
  return `${table}_y${at.getUTCFullYear()}m${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

describeEachDatabase('monthly partitions of the rounds and the ledger', (target) => {
  let t: TestApp;
  let player: Player;
  const db = () => t.database.db;
  const seamless = () => t.app.services.gateway.seamless;
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));

  beforeAll(async () => {
    t = await createTestApp(target);
    player = await createPlayer(t.app, 100_000n);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Which partition holds a row (`where` picks it). */
  async function holder(table: string, where: ReturnType<typeof sql>): Promise<string[]> {
    const { rows } = await sql<{
      part: string;
    }>`SELECT tableoid::regclass::text AS part FROM ${sql.table(table)} WHERE ${where}`.execute(db());
    return rows.map((r) => r.part);
  }

  it('keeps the current month and one ahead (and _default) on a new database', async () => {
    for (const table of ['game_rounds', 'round_bets', 'ledger_entries'] as const) {
      expect(await listPartitions(db(), table)).toEqual(
        [
          partitionOf(table, now),
          partitionOf(table, new Date(`${monthStart(now, 1)}T00:00:00Z`)),
          `${table}_default`,
        ].sort(),
      );
    }
  });

  it("routes a bet's round, bet and ledger entries to the current month, with the keys carrying the row's month", async () => {
    const bet = await seamless().bet({
      vassalage: VASSALAGE,
      memberId: player.memberId,
      transactionId: 'route-b1',
      roundId: 'route-r1',
      gameId: 'g-1',
      amountMinor: 100n,
    });
    expect(bet.replayed).toBe(false);
    expect(await holder('game_rounds', sql`vassalage = ${VASSALAGE} AND round_id = 'route-r1'`)).toEqual([
      partitionOf('game_rounds', now),
    ]);
    expect(await holder('round_bets', sql`vassalage = ${VASSALAGE} AND vendor_tx_id = 'route-b1'`)).toEqual([
      partitionOf('round_bets', now),
    ]);
    const { rows: entries } = await sql<{ part: string; same: boolean }>`
      SELECT e.tableoid::regclass::text AS part, e.created_at = t.created_at AS same
      FROM ledger_entries AS e JOIN ledger_transactions AS t ON t.id = e.transaction_id
      WHERE t.idempotency_key = ${`seamless:${VASSALAGE}:route-b1`}`.execute(db());
    expect(entries).toEqual([
      { part: partitionOf('ledger_entries', now), same: true },
      { part: partitionOf('ledger_entries', now), same: true },
    ]);
    const { rows: keys } = await sql<{ same: number }>`
      SELECT count(*)::int AS same FROM round_bet_keys AS k JOIN round_bets AS b ON b.id = k.id AND b.created_at = k.created_at
      WHERE k.vassalage = ${VASSALAGE} AND k.vendor_tx_id = 'route-b1'`.execute(db());
    expect(keys[0]!.same).toBe(1);
    // A row of a month not made goes to _default rather than failing the write.
    await sql`INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, request_hash, created_at)
      VALUES (${VASSALAGE}, 'route-old', 'bet', 'route-old', ${player.memberId}::bigint, 'g', 1, 'h', '2001-01-01T00:00:00Z')`.execute(
      db(),
    );
    expect(await holder('round_bets', sql`vendor_tx_id = 'route-old'`)).toEqual(['round_bets_default']);
  });

  it('a bet of last month is replayed with its first answer, and its round takes a win this month', async () => {
    const first = await seamless().bet({
      vassalage: VASSALAGE,
      memberId: player.memberId,
      transactionId: 'old-b1',
      roundId: 'old-r1',
      gameId: 'g-1',
      amountMinor: 1_000n,
    });
    // Age the round and the bet (and their keys) into last month, as if written then.
    await sql`SELECT records_month_partitions(${monthStart(lastMonth)}::date)`.execute(db());
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`UPDATE game_rounds SET created_at = ${lastMonth} WHERE vassalage = ${VASSALAGE} AND round_id = 'old-r1'`.execute(
          trx,
        );
        await sql`UPDATE game_round_keys SET created_at = ${lastMonth} WHERE vassalage = ${VASSALAGE} AND round_id = 'old-r1'`.execute(
          trx,
        );
        await sql`UPDATE round_bets SET created_at = ${lastMonth} WHERE vassalage = ${VASSALAGE} AND vendor_tx_id = 'old-b1'`.execute(
          trx,
        );
        await sql`UPDATE round_bet_keys SET created_at = ${lastMonth} WHERE vassalage = ${VASSALAGE} AND vendor_tx_id = 'old-b1'`.execute(
          trx,
        );
      });
    expect(await holder('round_bets', sql`vendor_tx_id = 'old-b1'`)).toEqual([partitionOf('round_bets', lastMonth)]);
    const balanceBefore = (await seamless().balance(player.memberId)).balance;

    const replay = await seamless().bet({
      vassalage: VASSALAGE,
      memberId: player.memberId,
      transactionId: 'old-b1',
      roundId: 'old-r1',
      gameId: 'g-1',
      amountMinor: 1_000n,
    });
    expect(replay.replayed).toBe(true);
    expect(replay.transactionId).toBe(first.transactionId);
    expect((await seamless().balance(player.memberId)).balance).toBe(balanceBefore);
    // The same id with another amount is another request: refused, not a second bet.
    await expect(
      seamless().bet({
        vassalage: VASSALAGE,
        memberId: player.memberId,
        transactionId: 'old-b1',
        roundId: 'old-r1',
        gameId: 'g-1',
        amountMinor: 999n,
      }),
    ).rejects.toMatchObject({ errorCode: 'DUPLICATE_TRANSACTION' });
    // A new bet on last month's round finds it (no second round this month) and grows it there.
    await seamless().bet({
      vassalage: VASSALAGE,
      memberId: player.memberId,
      transactionId: 'old-b2',
      roundId: 'old-r1',
      gameId: 'g-1',
      amountMinor: 500n,
    });
    const win = await seamless().win({
      vassalage: VASSALAGE,
      memberId: player.memberId,
      transactionId: 'old-w1',
      roundId: 'old-r1',
      betTransactionId: 'old-b1',
      amountMinor: 700n,
    });
    expect(win.replayed).toBe(false);
    const winReplay = await seamless().win({
      vassalage: VASSALAGE,
      memberId: player.memberId,
      transactionId: 'old-w1',
      roundId: 'old-r1',
      betTransactionId: 'old-b1',
      amountMinor: 700n,
    });
    expect(winReplay.replayed).toBe(true);
    const { rows: round } = await sql<{ part: string; total_bet: string; total_win: string }>`
      SELECT tableoid::regclass::text AS part, total_bet::text, total_win::text FROM game_rounds
      WHERE vassalage = ${VASSALAGE} AND round_id = 'old-r1'`.execute(db());
    expect(round).toEqual([{ part: partitionOf('game_rounds', lastMonth), total_bet: '1500', total_win: '700' }]);
    expect(await holder('round_bets', sql`vendor_tx_id = 'old-w1'`)).toEqual([partitionOf('round_bets', now)]);
  });

  it("refuses DELETE and TRUNCATE naming a month's partition itself, not only the parent", async () => {
    for (const table of ['game_rounds', 'round_bets', 'ledger_entries']) {
      const part = partitionOf(table, now);
      const code = table === 'ledger_entries' ? '42501' : 'RC001';
      expect(await sqlState(sql`DELETE FROM ${sql.table(part)}`.execute(db()))).toBe(code);
      expect(await sqlState(sql`TRUNCATE ${sql.table(part)}`.execute(db()))).toBe(code);
      expect(await sqlState(sql`TRUNCATE ${sql.table(`${table}_default`)}`.execute(db()))).toBe(code);
      expect(await sqlState(sql`DELETE FROM ${sql.table(table)}`.execute(db()))).toBe(code);
    }
    expect(await sqlState(sql`DELETE FROM round_bet_keys`.execute(db()))).toBe('RC001');
    expect(await sqlState(sql`UPDATE game_round_keys SET created_at = now()`.execute(db()))).toBe('RC001');
  });

  it('the daily job makes the months ahead once, however many instances run it', async () => {
    // Two instances, with a clock two months on, so their run has months to make.
    const later = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 3);
    const service = createMonthPartitionsService({ db: db(), now: () => later });
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const stops = ['a', 'b'].map((instance) =>
      startMonthPartitionsJob(service, { db: db(), instance: `parts-${instance}`, leaseMs: 60_000, log }),
    );
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const runs = await listJobRuns(db(), [MONTH_PARTITIONS_JOB]);
      if (runs.some((r) => r.finishedAt !== null)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(stops.map((stop) => stop()));
    const runs = await listJobRuns(db(), [MONTH_PARTITIONS_JOB]);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ attempt: 1, handled: 6, error: null });
    expect(runs[0]!.finishedAt).not.toBeNull();
    for (const ahead of [2, 3]) {
      const month = new Date(`${monthStart(now, ahead)}T00:00:00Z`);
      expect(await listPartitions(db(), 'round_bets')).toContain(partitionOf('round_bets', month));
    }
  });

  it('a detached month keeps refusing updates of its closed rows and deletes', async () => {
    const old = new Date(Date.UTC(2020, 0, 10));
    await sql`SELECT records_month_partitions('2020-01-01'::date)`.execute(db());
    await sql`INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, status, created_at)
      VALUES (${VASSALAGE}, 'arch-r1', ${player.memberId}::bigint, 'g', 'BRL', 'settled', ${old})`.execute(db());
    await sql`INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash, created_at)
      VALUES (${VASSALAGE}, 'arch-b1', 'bet', 'arch-r1', ${player.memberId}::bigint, 'g', 5, 'refused', 'h', ${old})`.execute(
      db(),
    );
    expect(await detachMonthPartitions(db(), '2020-01-01')).toBe(3);
    expect(await listPartitions(db(), 'game_rounds')).not.toContain('game_rounds_y2020m01');
    expect(await sqlState(sql`UPDATE game_rounds_y2020m01 SET total_win = 1`.execute(db()))).toBe('RC002');
    expect(await sqlState(sql`UPDATE round_bets_y2020m01 SET amount = 6`.execute(db()))).toBe('RC002');
    expect(await sqlState(sql`DELETE FROM round_bets_y2020m01`.execute(db()))).toBe('RC001');
    expect(await sqlState(sql`TRUNCATE game_rounds_y2020m01`.execute(db()))).toBe('RC001');
    expect(await sqlState(sql`DELETE FROM ledger_entries_y2020m01`.execute(db()))).toBe('42501');
  });
});
