import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One member's notices for the back office's player page, newest first, keyset-paged by id. */
export async function findMemberNotices(db: Db, memberId: string, f: { cursor?: string | undefined; limit: number }) {
  let q = db
    .selectFrom('member_notices')
    .select(['id', 'kind', 'params', 'created_at as createdAt', 'read_at as readAt'])
    .where('member_id', '=', memberId);
  if (f.cursor) q = q.where('id', '<', f.cursor);
  return q
    .orderBy('id', 'desc')
    .limit(f.limit + 1)
    .execute();
}
