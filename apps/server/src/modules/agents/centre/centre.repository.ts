import { sql, type Kysely } from 'kysely';
import { camelRow, type CamelRow } from '../../../db/camel-row';
import type { Database } from '../../../db/schema';
import type { MemberViews } from '../../member/member-views';

type Db = Kysely<Database>;

// The agent centre's team reads: the agent's team is the closure-table range
// agent_tree(ancestor_id = agent, depth > 0); money and registrations per member and operator's day come
// from agent_member_daily (kept by triggers, migration 0305). Member columns are read through the
// member module's views.

export type Periods = { today: string; from7: string; from30: string };

export type OverviewRow = {
  members: string;
  reg1: string;
  reg7: string;
  reg30: string;
  act1: string;
  act7: string;
  act30: string;
  dep1: string;
  dep7: string;
  dep30: string;
  wd1: string;
  wd7: string;
  wd30: string;
  turn1: string;
  turn7: string;
  turn30: string;
  win1: string;
  win7: string;
  win30: string;
};

/** The team's figures for today, the last 7 and the last 30 days, in one pass over the 30 days' rows. */
export async function sumTeamOverview(db: Db, agentId: string, p: Periods): Promise<OverviewRow> {
  const f = (from: string) => sql`d.day >= ${from}::date`;
  const periods = [
    ['1', f(p.today)],
    ['7', f(p.from7)],
    ['30', f(p.from30)],
  ] as const;
  const cols = periods.map(
    ([n, cond]) => sql`
      coalesce(sum(d.registrations) FILTER (WHERE ${cond}), 0)::text AS ${sql.ref(`reg${n}`)},
      count(DISTINCT d.member_id) FILTER (WHERE ${cond} AND d.bets > 0)::text AS ${sql.ref(`act${n}`)},
      coalesce(sum(d.deposits) FILTER (WHERE ${cond}), 0)::text AS ${sql.ref(`dep${n}`)},
      coalesce(sum(d.withdrawals) FILTER (WHERE ${cond}), 0)::text AS ${sql.ref(`wd${n}`)},
      coalesce(sum(d.bets - d.refunds) FILTER (WHERE ${cond}), 0)::text AS ${sql.ref(`turn${n}`)},
      coalesce(sum(d.wins) FILTER (WHERE ${cond}), 0)::text AS ${sql.ref(`win${n}`)}`,
  );
  const { rows } = await sql<OverviewRow>`
    SELECT (SELECT count(*) FROM agent_tree WHERE ancestor_id = ${agentId}::bigint AND depth > 0)::text AS members,
           ${sql.join(cols)}
      FROM agent_tree AS t
      JOIN agent_member_daily AS d ON d.member_id = t.descendant_id
     WHERE t.ancestor_id = ${agentId}::bigint AND t.depth > 0
       AND d.day >= ${p.from30}::date AND d.day <= ${p.today}::date`.execute(db);
  return rows[0]!;
}

export type DownlineFilter = {
  search?: string | undefined;
  level?: number | undefined;
  type?: number | undefined;
  status?: string | undefined;
};

type DownlineColumns = {
  id: string;
  account: string;
  type: number;
  status: string;
  created_at: Date;
  depth: number;
  upline_account: string;
};
export type DownlineRow = CamelRow<DownlineColumns>;

function downlineWhere(f: DownlineFilter) {
  const parts = [f.level === undefined ? sql`t.depth > 0` : sql`t.depth = ${f.level}`];
  // The prefix as a range of the text_pattern_ops index (byte order): [prefix, prefix + U+10FFFF)
  // holds exactly the names that start with it, with no LIKE wildcard to escape.
  if (f.search !== undefined) parts.push(sql`m.account ~>=~ ${f.search} AND m.account ~<~ ${`${f.search}\u{10FFFF}`}`);
  if (f.type !== undefined) parts.push(sql`m.type = ${f.type}`);
  if (f.status !== undefined) parts.push(sql`m.status = ${f.status}`);
  return sql.join(parts, sql` AND `);
}

/**
 * One page of everyone under the agent matching the filter, and how many match. A search is by
 * account name (a range of the account-prefix index, each name checked against the tree by its
 * primary key); without one, newest first (the tree's primary key walked backwards, ids grow with
 * registration), so the first page of a team of 100 000 reads 20 rows. The page's details are
 * read by findDownlineDetails, for its rows only.
 */
export async function findDownlines(
  db: Db,
  views: MemberViews,
  agentId: string,
  f: DownlineFilter,
  offset: number,
  limit: number,
): Promise<{ rows: { id: string; depth: number }[]; total: number }> {
  const where = downlineWhere(f);
  const needsMember = f.search !== undefined || f.type !== undefined || f.status !== undefined;
  const from = needsMember
    ? sql`agent_tree AS t JOIN (${views.briefs()}) AS m ON m.id = t.descendant_id`
    : sql`agent_tree AS t`;
  const order = f.search !== undefined ? sql`m.account` : sql`t.descendant_id DESC`;
  const [page, count] = await Promise.all([
    sql<{ id: string; depth: number }>`
      SELECT t.descendant_id::text AS id, t.depth FROM ${from}
       WHERE t.ancestor_id = ${agentId}::bigint AND ${where}
       ORDER BY ${order}
       LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM ${from} WHERE t.ancestor_id = ${agentId}::bigint AND ${where}`.execute(db),
  ]);
  return { rows: page.rows.map((r) => ({ id: r.id, depth: Number(r.depth) })), total: Number(count.rows[0]?.n ?? 0) };
}

/** The page's details: account, type, status, when registered and the upline's account, by id. */
export async function findDownlineDetails(
  db: Db,
  views: MemberViews,
  ids: string[],
): Promise<Map<string, Omit<DownlineRow, 'depth'>>> {
  if (ids.length === 0) return new Map();
  const details = await sql<Omit<DownlineColumns, 'depth'>>`
    SELECT m.id::text AS id, m.account, m.type, m.status, r.created_at, u.account AS upline_account
      FROM (${views.briefs()}) AS m
      JOIN (${views.registrations()}) AS r ON r.id = m.id
      JOIN agent_tree AS up ON up.descendant_id = m.id AND up.depth = 1
      JOIN (${views.briefs()}) AS u ON u.id = up.ancestor_id
     WHERE m.id IN (${sql.join(ids.map((id) => sql`${id}::bigint`))})`.execute(db);
  return new Map(details.rows.map((d) => [d.id, { ...camelRow(d), type: Number(d.type) }]));
}

/** Where a member sits under the agent (depth, 1 for a direct downline); undefined when it is not in the team. */
export async function findDepthUnder(db: Db, agentId: string, memberId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('agent_tree')
    .select('depth')
    .where('ancestor_id', '=', agentId)
    .where('descendant_id', '=', memberId)
    .where('depth', '>', 0)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.depth);
}

/** The live contract types of each of these members (as the downline of its contract). */
export async function findLiveContractTypes(db: Db, memberIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (memberIds.length === 0) return out;
  const rows = await db
    .selectFrom('agent_contracts')
    .select(['downline_id', 'type'])
    .where('downline_id', 'in', memberIds)
    .where('status', 'in', ['active', 'termination_requested'])
    .orderBy('type')
    .execute();
  for (const r of rows) out.set(String(r.downline_id), [...(out.get(String(r.downline_id)) ?? []), r.type]);
  return out;
}

type BranchColumns = { id: string; team_size: string; active: string; turnover: string };
export type BranchRow = CamelRow<BranchColumns>;

/** For each of these members: how many are under it, and its branch's (itself included) active players and turnover since `from`. */
export async function sumBranches(db: Db, memberIds: string[], from: string): Promise<Map<string, BranchRow>> {
  if (memberIds.length === 0) return new Map();
  const ids = sql.join(memberIds.map((id) => sql`${id}::bigint`));
  const { rows } = await sql<BranchColumns>`
    SELECT t.ancestor_id::text AS id,
           (SELECT count(*) FROM agent_tree AS s WHERE s.ancestor_id = t.ancestor_id AND s.depth > 0)::text AS team_size,
           count(DISTINCT d.member_id) FILTER (WHERE d.bets > 0)::text AS active,
           coalesce(sum(d.bets - d.refunds), 0)::text AS turnover
      FROM agent_tree AS t
      LEFT JOIN agent_member_daily AS d ON d.member_id = t.descendant_id AND d.day >= ${from}::date
     WHERE t.ancestor_id IN (${ids})
     GROUP BY t.ancestor_id`.execute(db);
  return new Map(rows.map((r) => [r.id, camelRow(r)]));
}

export type MemberLossRow = { id: string; depth: number; bets: string; refunds: string; wins: string; total: string };

/** Per member of the team with play in [from, to] (the operator's days): stakes, refunds and wins; by stakes, largest first. */
export async function sumMemberLoss(
  db: Db,
  agentId: string,
  from: string,
  to: string,
  offset: number,
  limit: number,
): Promise<{ rows: MemberLossRow[]; total: number }> {
  const { rows } = await sql<MemberLossRow>`
    SELECT d.member_id::text AS id, t.depth, sum(d.bets)::text AS bets, sum(d.refunds)::text AS refunds, sum(d.wins)::text AS wins,
           count(*) OVER ()::text AS total
      FROM agent_tree AS t
      JOIN agent_member_daily AS d ON d.member_id = t.descendant_id
     WHERE t.ancestor_id = ${agentId}::bigint AND t.depth > 0 AND d.day >= ${from}::date AND d.day <= ${to}::date
     GROUP BY d.member_id, t.depth
    HAVING sum(d.bets) > 0 OR sum(d.wins) > 0
     ORDER BY sum(d.bets) DESC, d.member_id
     LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return { rows: rows.map((r) => ({ ...r, depth: Number(r.depth) })), total: Number(rows[0]?.total ?? 0) };
}
