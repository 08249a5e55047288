import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type NoticeRow = {
  id: string;
  kind: string;
  params: Record<string, string>;
  createdAt: Date;
  readAt: Date | null;
};

/** Store one notice for a member. */
export async function insertNotice(
  db: Db,
  input: { memberId: string; kind: string; params: Record<string, string> },
): Promise<void> {
  await db
    .insertInto('member_notices')
    .values({ member_id: input.memberId, kind: input.kind, params: JSON.stringify(input.params) })
    .execute();
}

/** How many of a member's notices are unread. */
export async function countUnreadNotices(db: Db, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('member_notices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of a member's notices, newest first, plus the total. */
export async function findNotices(
  db: Db,
  memberId: string,
  offset: number,
  limit: number,
): Promise<{ rows: NoticeRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('member_notices')
      .select(['id', 'kind', 'params', 'created_at as createdAt', 'read_at as readAt'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('member_notices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Mark notices read: the given ids, or every unread one when `ids` is undefined. Only the member's own. */
export async function markNoticesRead(db: Db, memberId: string, ids: string[] | undefined, at: Date): Promise<number> {
  let query = db
    .updateTable('member_notices')
    .set({ read_at: at })
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return 0;
    query = query.where('id', 'in', ids);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
