import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// The agent tree's closure table (agent_tree, migration 0300). Its rows are written only by the
// triggers on members; this module reads them.

/**
 * Take the tree's lock exclusive (the one the members triggers take: shared for a registration,
 * exclusive for an upline change), first in a move's transaction, before any row lock.
 */
export async function lockTreeForChange(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(agent_tree_lock_key())`.execute(trx);
}

/** Whether `descendantId` is `ancestorId` or anywhere under it. */
export async function isInSubtree(db: Db, ancestorId: string, descendantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('agent_tree')
    .select('depth')
    .where('ancestor_id', '=', ancestorId)
    .where('descendant_id', '=', descendantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids above a member, nearest first. */
export async function findUplineIds(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('agent_tree')
    .select('ancestor_id')
    .where('descendant_id', '=', memberId)
    .where('depth', '>', 0)
    .orderBy('depth')
    .execute();
  return rows.map((r) => String(r.ancestor_id));
}

/** How many members sit directly under a member, and how many at any depth. */
export async function countTeam(db: Db, memberId: string): Promise<{ direct: number; all: number }> {
  const row = await sql<{ direct: string; all: string }>`
    SELECT count(*) FILTER (WHERE depth = 1) AS direct, count(*) AS all
      FROM agent_tree WHERE ancestor_id = ${memberId}::bigint AND depth > 0`.execute(db);
  return { direct: Number(row.rows[0]?.direct ?? 0), all: Number(row.rows[0]?.all ?? 0) };
}
