import { sql, type Kysely } from 'kysely';
import { camelRow, type CamelRow } from '../../../db/camel-row';
import type { Database } from '../../../db/schema';
import type { CatalogueViews } from '../../catalogue/catalogue-views';
import type { GatewayViews } from '../../gateway/gateway-views';
import type { LedgerEntryViews } from '../../ledger/ledger-entry-views';
import type { MemberViews } from '../../member/member-views';

type Db = Kysely<Database>;

// The team's rounds (the gateway's records, with the catalogue's names) and main-wallet movements
// (the ledger's entries), each row checked against the agent's team by the closure table.

export type ActivityViews = {
  member: MemberViews;
  gateway: Pick<GatewayViews, 'gameRounds'>;
  catalogue: Pick<CatalogueViews, 'vendorNames' | 'gameNames'>;
  ledger: LedgerEntryViews;
};

/** Rounds of one member (`memberId`) or of the whole team, in a time range. */
export type RoundFilter = { memberId?: string | undefined; from?: Date | undefined; to?: Date | undefined };

type TeamRoundColumns = {
  round_id: string;
  account: string;
  vassalage: string;
  vendor_name: string | null;
  game_name: string | null;
  node_id: string;
  total_bet: string;
  total_win: string;
  total_refund: string;
  status: 'open' | 'settled';
  created_at: Date;
  settled_at: Date | null;
};
export type TeamRoundRow = CamelRow<TeamRoundColumns>;

function roundWhere(agentId: string, f: RoundFilter) {
  const parts = [
    sql`gr.total_bet > 0`,
    sql`EXISTS (SELECT 1 FROM agent_tree AS t WHERE t.ancestor_id = ${agentId}::bigint AND t.descendant_id = gr.member_id AND t.depth > 0)`,
  ];
  if (f.memberId !== undefined) parts.push(sql`gr.member_id = ${f.memberId}::bigint`);
  if (f.from) parts.push(sql`gr.created_at >= ${f.from}`);
  if (f.to) parts.push(sql`gr.created_at <= ${f.to}`);
  return sql.join(parts, sql` AND `);
}

/** One page of the team's rounds, newest first, and the totals over the filter. */
export async function findTeamRounds(
  db: Db,
  v: ActivityViews,
  agentId: string,
  f: RoundFilter,
  offset: number,
  limit: number,
) {
  const where = roundWhere(agentId, f);
  const [list, totals] = await Promise.all([
    sql<TeamRoundColumns>`
      SELECT gr.round_id, m.account, gr.vassalage, vn.name AS vendor_name, g.name AS game_name, gr.node_id,
             gr.total_bet::text AS total_bet, gr.total_win::text AS total_win, gr.total_refund::text AS total_refund,
             gr.status, gr.created_at, gr.settled_at
        FROM (${v.gateway.gameRounds()}) AS gr
        JOIN (${v.member.briefs()}) AS m ON m.id = gr.member_id
        LEFT JOIN (${v.catalogue.vendorNames()}) AS vn ON vn.vassalage = gr.vassalage
        LEFT JOIN (${v.catalogue.gameNames()}) AS g ON g.node_id = gr.node_id
       WHERE ${where}
       ORDER BY gr.created_at DESC, gr.id DESC
       LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ n: string; bet: string; win: string; refund: string }>`
      SELECT count(*)::text AS n, coalesce(sum(gr.total_bet), 0)::text AS bet, coalesce(sum(gr.total_win), 0)::text AS win,
             coalesce(sum(gr.total_refund), 0)::text AS refund
        FROM (${v.gateway.gameRounds()}) AS gr
       WHERE ${where}`.execute(db),
  ]);
  const t = totals.rows[0]!;
  return { rows: list.rows.map(camelRow), totals: { rounds: Number(t.n), bet: t.bet, win: t.win, refund: t.refund } };
}

export type MovementFilter = {
  memberId?: string | undefined;
  kinds: readonly string[];
  from?: Date | undefined;
  to?: Date | undefined;
};

type MovementColumns = {
  id: string;
  transaction_id: string;
  account: string;
  kind: string;
  amount: string;
  balance_after: string | null;
  created_at: Date;
};
export type MovementRow = CamelRow<MovementColumns>;

function movementWhere(agentId: string, f: MovementFilter) {
  const parts = [
    sql`x.kind IN (${sql.join(f.kinds.map((k) => sql`${k}`))})`,
    sql`EXISTS (SELECT 1 FROM agent_tree AS t WHERE t.ancestor_id = ${agentId}::bigint AND t.descendant_id = x.member_id AND t.depth > 0)`,
  ];
  if (f.memberId !== undefined) parts.push(sql`x.member_id = ${f.memberId}::bigint`);
  if (f.from) parts.push(sql`x.created_at >= ${f.from}`);
  if (f.to) parts.push(sql`x.created_at <= ${f.to}`);
  return sql.join(parts, sql` AND `);
}

/** One page of the team's main-wallet movements of these kinds, newest first, and how many match. */
export async function findTeamMovements(
  db: Db,
  v: ActivityViews,
  agentId: string,
  f: MovementFilter,
  offset: number,
  limit: number,
) {
  const where = movementWhere(agentId, f);
  const [list, count] = await Promise.all([
    sql<MovementColumns>`
      SELECT x.id::text AS id, x.transaction_id::text AS transaction_id, m.account, x.kind, x.amount::text AS amount, x.balance_after, x.created_at
        FROM (${v.ledger.mainWalletEntries()}) AS x
        JOIN (${v.member.briefs()}) AS m ON m.id = x.member_id
       WHERE ${where}
       ORDER BY x.id DESC
       LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ n: string }>`SELECT count(*)::text AS n FROM (${v.ledger.mainWalletEntries()}) AS x WHERE ${where}`.execute(
      db,
    ),
  ]);
  return { rows: list.rows.map(camelRow), total: Number(count.rows[0]?.n ?? 0) };
}

/** Cash bonuses credited to each of these members in [from, to). */
export async function sumBonuses(
  db: Db,
  v: ActivityViews,
  memberIds: string[],
  kinds: readonly string[],
  from: Date,
  to: Date,
): Promise<Map<string, bigint>> {
  if (memberIds.length === 0) return new Map();
  const { rows } = await sql<{ member_id: string; total: string }>`
    SELECT x.member_id::text AS member_id, sum(x.amount)::text AS total
      FROM (${v.ledger.mainWalletEntries()}) AS x
     WHERE x.member_id IN (${sql.join(memberIds.map((id) => sql`${id}::bigint`))})
       AND x.kind IN (${sql.join(kinds.map((k) => sql`${k}`))})
       AND x.amount > 0 AND x.created_at >= ${from} AND x.created_at < ${to}
     GROUP BY x.member_id`.execute(db);
  return new Map(rows.map((r) => [r.member_id, BigInt(r.total)]));
}
