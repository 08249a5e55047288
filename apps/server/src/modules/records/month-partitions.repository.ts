import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The first day (UTC) of the month `monthsAhead` after the one holding `at`, as YYYY-MM-DD. */
export function monthStart(at: Date, monthsAhead = 0): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + monthsAhead, 1)).toISOString().slice(0, 10);
}

/**
 * Make the month of `month` (YYYY-MM-DD) for game_rounds, round_bets and ledger_entries
 * (records_month_partitions, migration 0765); returns how many partitions it created (0 when the
 * month was there).
 */
export async function createMonthPartitions(db: Db, month: string): Promise<number> {
  const { rows } = await sql<{ made: number }>`SELECT records_month_partitions(${month}::date) AS made`.execute(db);
  return Number(rows[0]?.made ?? 0);
}

/**
 * Archive a month: detach its three partitions, each given its update refusal back
 * (records_month_detach); returns how many it detached.
 */
export async function detachMonthPartitions(db: Db, month: string): Promise<number> {
  const { rows } = await sql<{ done: number }>`SELECT records_month_detach(${month}::date) AS done`.execute(db);
  return Number(rows[0]?.done ?? 0);
}

/** The partitions of a monthly partitioned table, by name, in order (the archive's and the tests' view). */
export async function listPartitions(
  db: Db,
  table: 'game_rounds' | 'round_bets' | 'ledger_entries',
): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits AS i JOIN pg_class AS c ON c.oid = i.inhrelid
    WHERE i.inhparent = ${table}::regclass ORDER BY c.relname`.execute(db);
  return rows.map((r) => r.name);
}
