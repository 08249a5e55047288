import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One member's login sessions for the back office's player page, newest first, keyset-paged by id. */
export type SessionHistoryFilter = {
  cursor?: string | undefined;
  limit: number;
  live?: boolean | undefined;
  now: Date;
};

export async function findMemberSessions(db: Db, memberId: string, f: SessionHistoryFilter) {
  let q = db
    .selectFrom('member_sessions')
    .select([
      'id',
      'created_at as createdAt',
      'last_seen_at as lastSeenAt',
      'expires_at as expiresAt',
      'revoked_at as revokedAt',
      'ip',
      'user_agent as userAgent',
    ])
    .where('member_id', '=', memberId);
  if (f.cursor) q = q.where('id', '<', f.cursor);
  if (f.live === true) q = q.where('revoked_at', 'is', null).where('expires_at', '>', f.now);
  if (f.live === false) q = q.where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', f.now)]));
  return q
    .orderBy('id', 'desc')
    .limit(f.limit + 1)
    .execute();
}

/** Whether a session is this member's (before revoking it on their behalf). */
export async function isMemberSession(db: Db, memberId: string, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}
