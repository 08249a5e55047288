// The agent benchmarks' data, generated with bulk SQL on PostgreSQL: a tree of agents some levels
// deep with players under them, the agents' salary contracts, and a day of settled rounds.
//
// Members go in one INSERT … SELECT per level, so the agent tree's triggers (agent_tree, the
// player events, the reporting counters) run for every member as on a real site. Rounds go in
// with the row triggers skipped (session_replication_role = replica, in their own transaction):
// the reporting counters and player events of a day of rounds are not what these benchmarks
// measure and would take most of the load's time; the settling transaction (settled_tx) is written
// explicitly instead of by its trigger.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';

type Db = Kysely<Database>;

export type AgentTree = {
  /** Agent ids per level, the top agents first. */
  levels: string[][];
  agents: number;
  players: number;
};

/** How many agents each level holds: roughly doubling down the tree, summing to `agents`. */
export function levelSizes(agents: number, depth: number): number[] {
  const weights = Array.from({ length: depth }, (_, i) => 2 ** i);
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.floor((agents * w) / total)));
  sizes[depth - 1]! += agents - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

async function insertMembers(db: Db, prefix: string, type: number, uplines: (string | null)[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO members (account, type, password_hash, upline_id, language)
    SELECT ${prefix} || g.i, ${type}, 'bench-no-login', g.upline, 'PT'
      FROM unnest(${uplines}::bigint[]) WITH ORDINALITY AS g (upline, i)
    RETURNING id::text AS id`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * `agents` agents over `depth` levels (each agent under one of the level above, spread evenly) and
 * `players` players spread evenly over all the agents, every level included.
 */
export async function generateAgentTree(
  db: Db,
  opts: { agents: number; players: number; depth: number; prefix?: string },
): Promise<AgentTree> {
  const prefix = opts.prefix ?? 'bag';
  const levels: string[][] = [];
  for (const [level, size] of levelSizes(opts.agents, opts.depth).entries()) {
    const above = levels[level - 1];
    const uplines = Array.from({ length: size }, (_, i) => (above ? above[i % above.length]! : null));
    levels.push(await insertMembers(db, `${prefix}${level + 1}a`, 1, uplines));
  }
  const all = levels.flat();
  const CHUNK = 20_000;
  for (let at = 0; at < opts.players; at += CHUNK) {
    const n = Math.min(CHUNK, opts.players - at);
    await insertMembers(
      db,
      `${prefix}p${at}x`,
      3,
      Array.from({ length: n }, (_, i) => all[(at + i) % all.length]!),
    );
  }
  return { levels, agents: all.length, players: opts.players };
}

/**
 * A live contract of `type` for every agent, rates falling down the tree (the top agents' with the
 * house): two tiers, half the rate from the first unit and the full rate from 1 000.00 and 3 active
 * players, so the rate cap holds at every level.
 */
export async function generateContracts(
  db: Db,
  tree: AgentTree,
  type: 'daily_salary' | 'hourly_salary' | 'realtime_salary',
  topRateBp = 120,
): Promise<void> {
  const period = type === 'daily_salary' ? 'day' : type === 'hourly_salary' ? 'hour' : '5min';
  for (const [level, ids] of tree.levels.entries()) {
    const rate = Math.max(2, Math.floor(topRateBp * (1 - level / (tree.levels.length + 1))));
    const tiers = JSON.stringify([
      { minAmountMinor: '0', minActivePlayers: 0, rateBp: Math.floor(rate / 2) },
      { minAmountMinor: '100000', minActivePlayers: 3, rateBp: rate },
    ]);
    await sql`
      INSERT INTO agent_contracts (type, upline_id, downline_id, tiers, period, status, offered_by_type, offered_by_id, answered_at)
      SELECT ${type}, m.upline_id, m.id, ${tiers}::jsonb, ${period}, 'active', CASE WHEN m.upline_id IS NULL THEN 'operator' ELSE 'member' END,
             coalesce(m.upline_id::text, '1'), now()
        FROM members AS m WHERE m.id = ANY(${ids}::bigint[])`.execute(db);
  }
}

/**
 * `rounds` settled rounds of the players whose account starts with the tree's prefix, spread
 * evenly over [start, end): stakes of 1.00 to 100.00, wins of 0 to 1.9 × the stake. Returns the
 * rows written.
 */
export async function generateRounds(
  db: Db,
  opts: { start: Date; end: Date; rounds: number; prefix?: string },
): Promise<number> {
  const prefix = opts.prefix ?? 'bag';
  const { rows } = await sql<{
    ids: string[];
  }>`SELECT array_agg(id::text ORDER BY id) AS ids FROM members WHERE account LIKE ${`${prefix}p%`} AND type = 3`.execute(
    db,
  );
  const players = rows[0]?.ids ?? [];
  if (players.length === 0) throw new Error('generateRounds: no players; generate the tree first');
  const spanMs = opts.end.getTime() - opts.start.getTime();
  const CHUNK = 250_000;
  for (let at = 0; at < opts.rounds; at += CHUNK) {
    const n = Math.min(CHUNK, opts.rounds - at);
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`
        INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, status, total_bet, total_win, settled_at, settled_tx, created_at, updated_at)
        SELECT 'bench-agents', ${prefix}::text || ':' || g, p.ids[1 + (g % ${players.length}::int)]::bigint, 'n' || (g % 50), 'BRL', 'settled', s.bet, (s.bet * (g % 20)) / 10,
               ${opts.start}::timestamptz + ((g::double precision / ${opts.rounds}::int) * ${spanMs}::double precision) * interval '1 millisecond',
               pg_current_xact_id(), now(), now()
          FROM generate_series(${at}::int, ${at + n - 1}::int) AS g
          CROSS JOIN (SELECT ${players}::text[] AS ids) AS p
          CROSS JOIN LATERAL (SELECT (100 + (g::bigint * 7919) % 9900)::bigint AS bet) AS s`.execute(trx);
    });
  }
  await sql`ANALYZE game_rounds`.execute(db);
  return opts.rounds;
}
