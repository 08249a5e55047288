// The agent centre's benchmark data, generated with bulk SQL on PostgreSQL: ONE top agent with
// every other agent and member in its team (the heaviest team a centre read can meet), agents over
// six levels, members spread over all the agents, registrations over the last 30 days, and a day
// of settled rounds.
//
// Members go in one INSERT … SELECT per level, so the members triggers (agent_tree, the per-member
// daily figures, the reporting counters) run for every member as on a real site. Rounds go in with
// the row triggers skipped (session_replication_role = replica, in their own transaction): the
// reporting counters and player events of a day of rounds are not what this benchmark measures and
// would take most of the load's time; the settling transaction (settled_tx) is written explicitly,
// and agent_member_daily is then rebuilt from the rows by its own backfill function (migration 0305).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';

type Db = Kysely<Database>;

export type TeamData = {
  topAgentId: string;
  topAgentAccount: string;
  agents: number;
  members: number;
  rounds: number;
  /** Account names of members are `${prefix}m<n>`: a search prefix that matches about a dozen of them. */
  searchPrefix: string;
};

/** Agents per level under one top agent: 1, then growing about ×2.2 per level down to `depth`, summing to `agents`. */
export function teamLevelSizes(agents: number, depth: number): number[] {
  const weights = Array.from({ length: depth - 1 }, (_, i) => 2.2 ** i);
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = [1, ...weights.map((w) => Math.max(1, Math.floor(((agents - 1) * w) / total)))];
  sizes[depth - 1]! += agents - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

async function insertLevel(
  db: Db,
  accounts: string,
  type: number,
  uplines: (string | null)[],
  passwordHash: string,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO members (account, type, password_hash, upline_id, language, created_at)
    SELECT ${accounts} || g.i, ${type}, ${passwordHash}, g.upline, 'PT', now() - make_interval(secs => (g.i * 7919 % 2592000))
      FROM unnest(${uplines}::bigint[]) WITH ORDINALITY AS g (upline, i)
    RETURNING id::text AS id`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * `agents` agents over `depth` levels under one top agent (each agent under one of the level above,
 * spread evenly), `members` players spread evenly over every agent, and `rounds` settled rounds of
 * random players over the last 24 hours. The top agent logs in with `topPasswordHash`.
 */
export async function generateTeam(
  db: Db,
  opts: {
    agents: number;
    members: number;
    depth: number;
    rounds: number;
    topPasswordHash: string;
    prefix?: string;
    log?: (line: string) => void;
  },
): Promise<TeamData> {
  const prefix = opts.prefix ?? 'bt';
  const log = opts.log ?? (() => undefined);
  const levels: string[][] = [];
  let t0 = Date.now();
  for (const [level, size] of teamLevelSizes(opts.agents, opts.depth).entries()) {
    const above = levels[level - 1];
    const uplines = Array.from({ length: size }, (_, i) => (above ? above[i % above.length]! : null));
    levels.push(
      await insertLevel(
        db,
        `${prefix}a${level + 1}x`,
        level === 0 ? 1 : 2,
        uplines,
        level === 0 ? opts.topPasswordHash : 'bench-no-login',
      ),
    );
  }
  const agents = levels.flat();
  log(
    `  ${agents.length.toLocaleString('en')} agents over ${levels.length} levels (${levels.map((l) => l.length).join(', ')}) in ${Date.now() - t0} ms`,
  );

  t0 = Date.now();
  const batch = 20_000;
  const memberIds: string[] = [];
  for (let start = 0; start < opts.members; start += batch) {
    const count = Math.min(batch, opts.members - start);
    // Evenly over the agents, so members sit one level below every agent level (the deepest at depth `depth`).
    const uplines = Array.from({ length: count }, (_, i) => agents[(start + i) % agents.length]!);
    memberIds.push(...(await insertLevel(db, `${prefix}m${start}_`, 3, uplines, 'bench-no-login')));
  }
  log(`  ${memberIds.length.toLocaleString('en')} members (triggers on) in ${Date.now() - t0} ms`);

  t0 = Date.now();
  const first = memberIds[0]!;
  const last = memberIds.at(-1)!;
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`
      INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, status, total_bet, total_win, total_refund, created_at, updated_at, settled_at, settled_tx)
      SELECT 'inhouse', 'bench-' || g.i, ${first}::bigint + (g.i * 7919) % (${last}::bigint - ${first}::bigint + 1), 'bench-game', 'BRL', 'settled',
             b.bet, (b.bet * ((g.i * 37) % 200)) / 100, 0, t.at, t.at, t.at, pg_current_xact_id()
        FROM generate_series(1::bigint, ${opts.rounds}::bigint) AS g (i)
       CROSS JOIN LATERAL (SELECT 100 + (g.i * 131) % 9900 AS bet) AS b
       CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (g.i * 13) % 86000) AS at) AS t`.execute(trx);
  });
  await sql`SELECT agent_member_daily_backfill()`.execute(db);
  // The state autovacuum leaves a loaded table in: statistics and the visibility map (index-only scans).
  await sql`VACUUM ANALYZE`.execute(db);
  log(
    `  ${opts.rounds.toLocaleString('en')} rounds over the last 24 hours, per-member daily figures rebuilt, in ${Date.now() - t0} ms`,
  );

  const top = levels[0]![0]!;
  return {
    topAgentId: top,
    topAgentAccount: `${prefix}a1x1`,
    agents: agents.length,
    members: memberIds.length,
    rounds: opts.rounds,
    searchPrefix: `${prefix}m40000_123`,
  };
}
