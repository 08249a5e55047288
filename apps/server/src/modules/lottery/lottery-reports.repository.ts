import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type GameReportRow = {
  gameCode: string;
  gameName: string;
  drawsSettled: number;
  drawsVoided: number;
  tickets: number;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

/**
 * Per game, the draws finished in [from, to): settled ones with their tickets, stakes and payouts
 * (the totals markFinished wrote on the draw), and voided ones counted alone, since their stakes
 * went back. A voided draw is placed by when its refunds finished, or by its void while they run.
 */
export async function findGameReport(
  db: Db,
  q: { from: Date; to: Date; gameCode?: string | undefined },
): Promise<GameReportRow[]> {
  const game = q.gameCode === undefined ? sql`` : sql`AND d.game_code = ${q.gameCode}`;
  const { rows } = await sql<{
    code: string;
    name: string;
    settled: number;
    voided: number;
    tickets: string;
    stake: string;
    payout: string;
  }>`
    SELECT g.code, g.name,
      count(*) FILTER (WHERE d.status = 'settled')::int AS settled,
      count(*) FILTER (WHERE d.status = 'voided')::int AS voided,
      coalesce(sum(d.ticket_count) FILTER (WHERE d.status = 'settled'), 0)::text AS tickets,
      coalesce(sum(d.stake_minor) FILTER (WHERE d.status = 'settled'), 0)::text AS stake,
      coalesce(sum(d.payout_minor) FILTER (WHERE d.status = 'settled'), 0)::text AS payout
    FROM lottery_draws d
    JOIN lottery_games g ON g.code = d.game_code
    WHERE d.status IN ('settled', 'voided')
      AND coalesce(d.settled_at, d.voided_at) >= ${q.from}
      AND coalesce(d.settled_at, d.voided_at) < ${q.to}
      ${game}
    GROUP BY g.code, g.name, g.sort_order
    ORDER BY g.sort_order, g.code`.execute(db);
  return rows.map((r) => ({
    gameCode: r.code,
    gameName: r.name,
    drawsSettled: Number(r.settled),
    drawsVoided: Number(r.voided),
    tickets: Number(r.tickets),
    stakeMinor: BigInt(r.stake),
    payoutMinor: BigInt(r.payout),
  }));
}
