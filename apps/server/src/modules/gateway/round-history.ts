import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One member's game rounds (every vendor) for the back office's player page, newest first, keyset-paged by id. */
export type RoundHistoryFilter = { cursor?: string | undefined; limit: number; from?: Date | undefined; to?: Date | undefined; status?: string | undefined; vassalage?: string | undefined };

export async function findMemberRounds(db: Db, memberId: string, f: RoundHistoryFilter) {
  let q = db
    .selectFrom('game_rounds')
    .select(['id', 'vassalage', 'round_id as roundId', 'node_id as nodeId', 'status', 'total_bet as totalBet', 'total_win as totalWin', 'total_refund as totalRefund', 'created_at as createdAt', 'settled_at as settledAt'])
    .where('member_id', '=', memberId);
  if (f.cursor) q = q.where('id', '<', f.cursor);
  if (f.vassalage) q = q.where('vassalage', '=', f.vassalage);
  if (f.status) q = q.where('status', '=', f.status as never);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  return q.orderBy('id', 'desc').limit(f.limit + 1).execute();
}
