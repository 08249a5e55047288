import { sql, type AliasableExpression, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One group of the in-house games' report: a game on a day, a game over the range (day null), or all (both null). */
export type ReportGroupRow = {
  game: string | null;
  day: string | null;
  rounds: bigint;
  players: bigint;
  staked: bigint;
  paid: bigint;
  /** Σ stake × the RTP (bps) the round was placed at, over the rounds that kept it. */
  rtpWeighted: bigint;
  /** Σ stake over those rounds (the slot's and the dice's oldest rounds kept none). */
  rtpStaked: bigint;
  biggest: bigint;
};

type RawRow = {
  game: string | null;
  day: string | null;
  rounds: string;
  players: string;
  staked: string;
  paid: string;
  rtp_weighted: string;
  rtp_staked: string;
  biggest: string;
};

/**
 * The in-house games' finished rounds in [from, to) of the `members` given (real-money accounts:
 * the member module's view), grouped per game and local day in `timeZone`, per game, and in all:
 * one-shot and stepped rounds settled (refused, pending and open ones left out), and crash's bets
 * decided (cashed or lost), each at the RTP its round was placed at.
 */
export async function sumRoundsByGameAndDay(
  db: Db,
  q: { from: Date; to: Date; timeZone: string; members: AliasableExpression<{ id: string }> },
): Promise<ReportGroupRow[]> {
  const { rows } = await sql<RawRow>`
    WITH r AS (
      SELECT ir.game, ir.member_id, ir.stake, ir.payout, ir.rtp_bps, ir.created_at
        FROM inhouse_rounds ir
       WHERE ir.status = 'settled' AND ir.created_at >= ${q.from} AND ir.created_at < ${q.to}
      UNION ALL
      SELECT 'crash', b.member_id, b.stake, b.payout, cr.rtp_bps, b.created_at
        FROM crash_bets b JOIN crash_rounds cr ON cr.id = b.round_id
       WHERE b.status IN ('cashed', 'lost') AND b.created_at >= ${q.from} AND b.created_at < ${q.to}
    ), d AS (
      SELECT r.*, to_char((r.created_at AT TIME ZONE ${q.timeZone})::date, 'YYYY-MM-DD') AS day
        FROM r JOIN ${q.members.as('m')} ON m.id = r.member_id
    )
    SELECT game, day,
           count(*)::text AS rounds,
           count(DISTINCT member_id)::text AS players,
           coalesce(sum(stake), 0)::text AS staked,
           coalesce(sum(payout), 0)::text AS paid,
           coalesce(sum(stake::numeric * rtp_bps) FILTER (WHERE rtp_bps IS NOT NULL), 0)::text AS rtp_weighted,
           coalesce(sum(stake) FILTER (WHERE rtp_bps IS NOT NULL), 0)::text AS rtp_staked,
           coalesce(max(payout), 0)::text AS biggest
      FROM d
     GROUP BY GROUPING SETS ((game, day), (game), ())
     ORDER BY game NULLS LAST, day NULLS LAST`.execute(db);
  return rows.map((x) => ({
    game: x.game,
    day: x.day,
    rounds: BigInt(x.rounds),
    players: BigInt(x.players),
    staked: BigInt(x.staked),
    paid: BigInt(x.paid),
    rtpWeighted: BigInt(x.rtp_weighted.split('.')[0]!),
    rtpStaked: BigInt(x.rtp_staked),
    biggest: BigInt(x.biggest),
  }));
}
