import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

// An agent's team report: what the members under it did in a range, per branch. The team is the
// agent_tree range `ancestor_id = agent AND depth > 0`; each member's branch is its ancestor one
// level under the agent (the row of agent_tree one level shorter than the member's own).

type Db = Kysely<Database>;

export type BranchFigures = {
  /** The member directly under the agent whose branch this is. */
  branchId: string;
  members: number;
  activePlayers: number;
  depositsMinor: bigint;
  depositCount: number;
  turnoverMinor: bigint;
  netLossMinor: bigint;
  payoutsMinor: bigint;
  unpaidMinor: bigint;
};

type Raw = {
  branch_id: string;
  members: string;
  active: string;
  deposits: string;
  deposit_count: string;
  turnover: string;
  net_loss: string;
  paid: string;
  unpaid: string;
};

/**
 * Per branch under an agent, in [from, to): the members, the players with a settled stake,
 * deposits credited, turnover (settled stakes less refunds) and the players' net loss (turnover
 * less wins), and the agents' settlement statements of periods that started in the range (paid,
 * and pending or held). Rounds count by the time they settled, deposits by the time they were credited.
 */
export async function sumTeamByBranch(db: Db, agentId: string, from: Date, to: Date): Promise<BranchFigures[]> {
  const { rows } = await sql<Raw>`
    WITH team AS (
      SELECT t.descendant_id AS member_id, b.ancestor_id AS branch_id
        FROM agent_tree AS t
        JOIN agent_tree AS b ON b.descendant_id = t.descendant_id AND b.depth = t.depth - 1
       WHERE t.ancestor_id = ${agentId}::bigint AND t.depth > 0
    ),
    play AS (
      SELECT r.member_id, sum(r.total_bet - r.total_refund) AS turnover, sum(r.total_bet - r.total_refund - r.total_win) AS net_loss,
             bool_or(r.total_bet > r.total_refund) AS staked
        FROM game_rounds AS r JOIN team ON team.member_id = r.member_id
       WHERE r.status = 'settled' AND r.settled_at >= ${from} AND r.settled_at < ${to}
       GROUP BY r.member_id
    ),
    paid_in AS (
      SELECT d.member_id, sum(d.amount_minor) AS amount, count(*) AS n
        FROM deposit_orders AS d JOIN team ON team.member_id = d.member_id
       WHERE d.status = 'credited' AND d.resolved_at >= ${from} AND d.resolved_at < ${to}
       GROUP BY d.member_id
    ),
    pay AS (
      SELECT s.member_id, sum(s.amount_minor) FILTER (WHERE s.status = 'paid') AS paid, sum(s.amount_minor) FILTER (WHERE s.status IN ('pending', 'held')) AS unpaid
        FROM agent_statements AS s JOIN team ON team.member_id = s.member_id
       WHERE s.period_start >= ${from} AND s.period_start < ${to}
       GROUP BY s.member_id
    )
    SELECT team.branch_id::text AS branch_id,
           count(*)::text AS members,
           count(*) FILTER (WHERE play.staked)::text AS active,
           coalesce(sum(paid_in.amount), 0)::text AS deposits,
           coalesce(sum(paid_in.n), 0)::text AS deposit_count,
           coalesce(sum(play.turnover), 0)::text AS turnover,
           coalesce(sum(play.net_loss), 0)::text AS net_loss,
           coalesce(sum(pay.paid), 0)::text AS paid,
           coalesce(sum(pay.unpaid), 0)::text AS unpaid
      FROM team
      LEFT JOIN play ON play.member_id = team.member_id
      LEFT JOIN paid_in ON paid_in.member_id = team.member_id
      LEFT JOIN pay ON pay.member_id = team.member_id
     GROUP BY team.branch_id`.execute(db);
  return rows.map((r) => ({
    branchId: r.branch_id,
    members: Number(r.members),
    activePlayers: Number(r.active),
    depositsMinor: BigInt(r.deposits),
    depositCount: Number(r.deposit_count),
    turnoverMinor: BigInt(r.turnover),
    netLossMinor: BigInt(r.net_loss),
    payoutsMinor: BigInt(r.paid),
    unpaidMinor: BigInt(r.unpaid),
  }));
}

/** An agent's own settlement statements of periods that started in [from, to): paid, and pending or held. */
export async function sumOwnStatements(
  db: Db,
  memberId: string,
  from: Date,
  to: Date,
): Promise<{ payoutsMinor: bigint; unpaidMinor: bigint }> {
  const { rows } = await sql<{ paid: string; unpaid: string }>`
    SELECT coalesce(sum(amount_minor) FILTER (WHERE status = 'paid'), 0)::text AS paid,
           coalesce(sum(amount_minor) FILTER (WHERE status IN ('pending', 'held')), 0)::text AS unpaid
      FROM agent_statements WHERE member_id = ${memberId}::bigint AND period_start >= ${from} AND period_start < ${to}`.execute(
    db,
  );
  return { payoutsMinor: BigInt(rows[0]?.paid ?? '0'), unpaidMinor: BigInt(rows[0]?.unpaid ?? '0') };
}

/** The direct downlines among `ids` with their account and type (a report's branches). */
export async function findBriefs(db: Db, ids: string[]): Promise<Map<string, { account: string; type: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select([sql<string>`id::text`.as('id'), 'account', 'type'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { account: r.account, type: Number(r.type) }]));
}
