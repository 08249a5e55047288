import type { Kysely } from 'kysely';
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
