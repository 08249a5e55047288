import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One member's game rounds (every vendor) for the back office's player page, newest first, keyset-paged by id. */
export type RoundHistoryFilter = {
  cursor?: string | undefined;
  limit: number;
  from?: Date | undefined;
  to?: Date | undefined;
  status?: string | undefined;
  vassalage?: string | undefined;
};

export async function findMemberRounds(db: Db, memberId: string, f: RoundHistoryFilter) {
  let q = db
    .selectFrom('game_rounds')
    .select([
      'id',
      'vassalage',
      'round_id as roundId',
      'node_id as nodeId',
      'status',
      'total_bet as totalBet',
      'total_win as totalWin',
      'total_refund as totalRefund',
      'created_at as createdAt',
      'settled_at as settledAt',
    ])
    .where('member_id', '=', memberId);
  if (f.cursor) q = q.where('id', '<', f.cursor);
  if (f.vassalage) q = q.where('vassalage', '=', f.vassalage);
  if (f.status) q = q.where('status', '=', f.status as never);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  return q
    .orderBy('id', 'desc')
    .limit(f.limit + 1)
    .execute();
}

/** A member's rounds' money since an instant: stakes, wins and refunded stakes (every vendor, our own games too). */
export type RoundSums = { stakes: bigint; wins: bigint; refunds: bigint };

/**
 * The sums of a member's rounds begun since each of `since` (at most a few instants: the day, week
 * and month of a loss limit, or the start of a session), in one statement over the member's index.
 */
export async function sumMemberRounds(db: Db, memberId: string, since: Date[]): Promise<RoundSums[]> {
  if (since.length === 0) return [];
  const earliest = new Date(Math.min(...since.map((d) => d.getTime())));
  const row = await db
    .selectFrom('game_rounds')
    .select(
      since.flatMap((at, i) => [
        sql<string>`coalesce(sum(total_bet) filter (where created_at >= ${at}), 0)::text`.as(`b${i}`),
        sql<string>`coalesce(sum(total_win) filter (where created_at >= ${at}), 0)::text`.as(`w${i}`),
        sql<string>`coalesce(sum(total_refund) filter (where created_at >= ${at}), 0)::text`.as(`r${i}`),
      ]),
    )
    .where('member_id', '=', memberId)
    .where('created_at', '>=', earliest)
    .executeTakeFirstOrThrow();
  const values = row as Record<string, string>;
  return since.map((_, i) => ({
    stakes: BigInt(values[`b${i}`] ?? '0'),
    wins: BigInt(values[`w${i}`] ?? '0'),
    refunds: BigInt(values[`r${i}`] ?? '0'),
  }));
}
