// The statements PostgreSQL ran for a bench's scratch database, where it preloads
// pg_stat_statements. The server's own round trips are counted through its database handle
// (apps/server/src/db/round-trip-counter.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema';

/**
 * pg_stat_statements for one database, when the server preloads it: `reset` clears the database's
 * entries, `read` sums the calls since (the reading statement itself is not yet counted when it
 * runs; the reset's own entry is taken off). Undefined where the module is not preloaded.
 */
export async function statementCounter(
  db: Kysely<Database>,
): Promise<{ reset: () => Promise<void>; read: () => Promise<number>; scope: string } | undefined> {
  const { rows } = await sql<{ on: boolean }>`
    SELECT 'pg_stat_statements' = ANY (string_to_array(current_setting('shared_preload_libraries'), ',')) AS on`.execute(
    db,
  );
  if (!rows[0]?.on) return undefined;
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
  } catch {
    return undefined; // not a superuser: the in-process count stands alone
  }
  // track = all also counts the statements run inside functions and triggers.
  const track = await sql<{ v: string }>`SELECT current_setting('pg_stat_statements.track') AS v`.execute(db);
  return {
    scope: track.rows[0]?.v === 'all' ? 'nested ones in functions and triggers included' : 'top level only',
    reset: async () => {
      await sql`SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)`.execute(
        db,
      );
    },
    read: async () => {
      const r = await sql<{ calls: string | null }>`
        SELECT sum(calls) AS calls FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query NOT LIKE '%pg_stat_statements_reset%'`.execute(db);
      return Number(r.rows[0]?.calls ?? 0);
    },
  };
}
