import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type UplineRow = { uplineId: string; uplineAccount: string; uplineType: number; uplineStatus: string };

/**
 * The agent a member registered under (members.upline_id), with that agent's type and status.
 * Read-only over the member module's table: the member service exposes only `toUpline`.
 */
export async function findUpline(db: Db, memberId: string): Promise<UplineRow | null | undefined> {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .select(['m.id as memberId', 'u.id as uplineId', 'u.account as uplineAccount', 'u.type as uplineType', 'u.status as uplineStatus'])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.uplineId === null || row.uplineId === undefined) return null;
  return {
    uplineId: String(row.uplineId),
    uplineAccount: row.uplineAccount ?? '',
    uplineType: Number(row.uplineType),
    uplineStatus: String(row.uplineStatus),
  };
}

/** Arbitrary but fixed namespace of the per-member advisory lock that serialises upline transfers. */
const TRANSFER_LOCK_NAMESPACE = 727_274_090;

/**
 * Serialise one member's upline transfers until the transaction ends, so a retry of a key waits
 * for the first try's outcome (executed or refused and stored). Other members never wait.
 */
export async function lockMemberTransfers(trx: Db, memberId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${TRANSFER_LOCK_NAMESPACE}::int4, hashtext(${String(memberId)}))`.execute(trx);
}
