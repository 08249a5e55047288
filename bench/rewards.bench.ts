// The rewards engine under a stream of settled rounds: a separate process settles rounds at a
// fixed rate (BENCH_ROUNDS_PER_S, default 2,000) by writing game_rounds the way the seamless path
// does (open, then settled: the trigger writes each round_settled event), while the app's
// consumers apply the rules. Sampled every 100 ms from outside the app: each consumer's lag (the
// age of the oldest event it has not applied). Baseline in the same run: the same load with the
// consumers stopped (what the database takes with the triggers alone); ratio = rounds settled per
// second with the engine running / without. Goals: the rate holds (ratio ≥ 0.9) and lag p99 < 1 s.
// Run: npx tsx bench/rewards.bench.ts  (PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL;
// BENCH_DURATION_MS, BENCH_ROUNDS_PER_S, BENCH_PLAYERS to change)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { startBenchServer } from './bench-server';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 15_000);
const RATE = Number(process.env.BENCH_ROUNDS_PER_S ?? 2_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const LAG_P99_GOAL_MS = 1_000;
const RATIO_GOAL = 0.9;

// The load process: every 50 ms one transaction opens and settles RATE/20 rounds, spread over the players.
const LOADER = `
const pg = require('pg');
const [url, rate, durationMs, members, runId] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3]), process.argv[4].split(','), process.argv[5]];
(async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const perTick = Math.max(1, Math.round(rate / 20));
  const started = Date.now();
  let n = 0, ticks = 0, late = 0;
  while (Date.now() - started < durationMs) {
    const due = started + ticks * 50;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait)); else late++;
    ticks++;
    const ids = [], players = [], bets = [], wins = [];
    for (let i = 0; i < perTick; i++, n++) {
      ids.push(runId + '-' + n);
      players.push(members[n % members.length]);
      bets.push(100 + (n % 7) * 50);
      wins.push((n % 3) * 100);
    }
    await client.query('BEGIN');
    // Two statements: rows a data-modifying CTE inserts are not visible to the same statement's UPDATE.
    const inserted = await client.query(
      "INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, total_bet, total_win) " +
      "SELECT 'SBX', id, m, 'SBX-slot-01', 'BRL', b, w FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[]) AS t(id, m, b, w) RETURNING id", [ids, players, bets, wins]);
    await client.query("UPDATE game_rounds SET status = 'settled', settled_at = now() WHERE id = ANY($1::bigint[])", [inserted.rows.map((r) => r.id)]);
    await client.query('COMMIT');
  }
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ rounds: n, seconds, late }));
  await client.end();
})().catch((e) => { console.error(e); process.exit(1); });
`;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) throw new Error('bench:rewards needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  const server = await startBenchServer({ rewardEventsPollMs: 100 }, { poolSize: 10 });
  const { app, database } = server;
  const db = database.db;
  try {
    const members: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const row = await db.insertInto('members').values({ account: `rw${crypto.randomBytes(5).toString('hex')}`, password_hash: 'bench-no-login', type: 3 } as never).returning('id').executeTakeFirstOrThrow();
      members.push(String(row.id));
    }
    // Rules a site would have live on rounds: one whose condition reads the day's turnover and
    // rarely pays, one that pays a little for slot rounds, capped per player and day.
    const op = await db.insertInto('operators').values({ username: `bench${crypto.randomBytes(3).toString('hex')}`, password_hash: 'x', role: 'marketing' }).returning('id').executeTakeFirstOrThrow();
    const operatorId = String(op.id);
    for (const input of [
      { name: 'High rollers', trigger: 'round_settled' as const, conditions: { turnoverInPeriod: { period: 'day' as const, min: '100000000' } }, reward: { kind: 'cash' as const, amount: '1000' }, perPlayerCap: 1, capPeriod: 'daily' as const },
      { name: 'Slot coin', trigger: 'round_settled' as const, conditions: { roundCategories: ['RNG' as const] }, reward: { kind: 'cash' as const, amount: '1' }, perPlayerCap: 5, capPeriod: 'daily' as const },
    ]) {
      const rule = await app.services.rewards.rules.create(operatorId, input);
      await app.services.rewards.rules.setStatus(operatorId, rule.id, 'live', rule.version);
    }
    const dbUrl = server.databaseUrl!;

    const runLoad = (runId: string) =>
      new Promise<{ rounds: number; seconds: number; late: number }>((resolve, reject) => {
        const child = spawn(process.execPath, ['-e', LOADER, dbUrl, String(RATE), String(DURATION_MS), members.join(','), runId], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`loader exited ${code}`))));
      });

    // Baseline: the triggers write the events, nobody applies them.
    const base = await runLoad('base');
    // Catch the consumers up on the baseline's events before measuring.
    await app.services.rewardEvents.drain();

    app.services.rewardEvents.start();
    const lags: number[] = [];
    const lagsBy = new Map<string, number[]>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await sql<{ subscriber: string; lag_ms: string | null }>`
          SELECT c.subscriber, (extract(epoch FROM (clock_timestamp() -
            (SELECT min(e.occurred_at) FROM reward_events AS e WHERE (e.tx, e.id) > (c.last_tx, c.last_id)))) * 1000)::text AS lag_ms
          FROM reward_event_cursors AS c`.execute(db);
        let worst = 0;
        for (const r of rows) {
          const lag = Number(r.lag_ms ?? 0);
          worst = Math.max(worst, lag);
          lagsBy.set(r.subscriber, [...(lagsBy.get(r.subscriber) ?? []), lag]);
        }
        lags.push(worst);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const started = Date.now();
    const load = await runLoad('engine');
    const caughtUp = Date.now();
    await app.services.rewardEvents.drain();
    const tail = Date.now() - caughtUp;
    sampling = false;
    await sampler;
    await app.services.rewardEvents.stop();

    const sorted = [...lags].sort((a, b) => a - b);
    const baseRate = base.rounds / base.seconds;
    const engineRate = load.rounds / load.seconds;
    const grants = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM reward_grants`.execute(db)).rows[0]!.n;
    const failures = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM reward_event_failures`.execute(db)).rows[0]!.n;
    const p99 = percentile(sorted, 99);
    console.log(`rewards engine, ${server.databaseKind}, ${PLAYERS} players, target ${RATE} settled rounds/s for ${DURATION_MS / 1000} s`);
    console.log(`  baseline (triggers only, consumers stopped): ${baseRate.toFixed(0)} rounds/s (${base.late} late ticks)`);
    console.log(`  engine running:                              ${engineRate.toFixed(0)} rounds/s (${load.late} late ticks), ${Math.round((Date.now() - started) / 1000)} s`);
    console.log(`  ratio engine/baseline: ${(engineRate / baseRate).toFixed(2)} (goal ≥ ${RATIO_GOAL})`);
    console.log(`  consumer lag over ${lags.length} samples: p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms (goal p99 < ${LAG_P99_GOAL_MS} ms); caught up ${tail} ms after the load stopped`);
    const states = await app.services.rewardEvents.states();
    for (const [subscriber, values] of [...lagsBy].sort()) {
      const v = [...values].sort((a, b) => a - b);
      console.log(`    ${subscriber.padEnd(20)} lag p50 ${percentile(v, 50).toFixed(0)} ms, p99 ${percentile(v, 99).toFixed(0)} ms`);
    }
    console.log(`  grants made: ${grants}; events set aside: ${failures}; applied per consumer: ${states.map((c) => `${c.subscriber} ${c.applied}`).join(', ')}`);
    console.log(`  goals: rate ${engineRate / baseRate >= RATIO_GOAL && engineRate >= RATE * 0.9 ? 'met' : 'NOT met'}, lag ${p99 < LAG_P99_GOAL_MS ? 'met' : 'NOT met'}`);
  } finally {
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
