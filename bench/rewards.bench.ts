// The rewards engine under a stream of settled rounds: a separate process settles rounds at a
// fixed rate (BENCH_ROUNDS_PER_S, default 2,000) by writing game_rounds the way the seamless path
// does (open, then settled: the trigger writes each round_settled event), while the app's
// consumers apply them. A quarter of the players have a running bonus (a second one queued behind
// it), so bonus wagering counts and converts for real.
//
// Lag, per consumer and per event: from the commit of the round's transaction (the load process's
// clock when COMMIT returned) to the commit of the consumer's batch that applied it (the first
// time another process, sampling the consumers' places every BENCH_SAMPLE_MS, sees it passed).
// Baseline in the same run: the same load with the consumers stopped (what the database takes with
// the triggers alone); ratio = rounds settled per second with the engine running / without.
// Goals: the rate holds (ratio ≥ 0.9) and every consumer's lag p99 < 1 s. Then the figures are
// checked against the rounds: wagering, mission stakes, rebate and VIP turnover equal the stakes.
// Run: npx tsx bench/rewards.bench.ts  (PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL;
// BENCH_DURATION_MS, BENCH_ROUNDS_PER_S, BENCH_PLAYERS, BENCH_SAMPLE_MS to change)
import crypto from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../apps/server/src/db/schema';
import type { RewardGrant } from '../apps/server/src/modules/rewards/reward-grants.types';
import { startBenchServer } from './bench-server';
import { lagsByConsumer, runLoad, startSampler, type StreamEvent } from './rewards-processes';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 15_000);
const RATE = Number(process.env.BENCH_ROUNDS_PER_S ?? 2_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 25);
const LAG_P99_GOAL_MS = 1_000;
const RATIO_GOAL = 0.9;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
    throw new Error('bench:rewards needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  const loadAtStart = load();
  const server = await startBenchServer({ rewardEventsPollMs: 100 }, { poolSize: 10 });
  const { app, database } = server;
  const db = database.db;
  try {
    const members: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const row = await db
        .insertInto('members')
        .values({
          account: `rw${crypto.randomBytes(5).toString('hex')}`,
          password_hash: 'bench-no-login',
          type: 3,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      members.push(String(row.id));
    }
    // Every fourth player has a bonus that converts during the run and a second one, queued behind
    // it, that takes the rounds after (its requirement is out of reach, so every round counts).
    const bonusPlayers = members.filter((_, i) => i % 4 === 0);
    for (const memberId of bonusPlayers) {
      for (const wageringMultiple of [50, 1_000]) {
        const grantId = String(crypto.randomInt(1, 2 ** 47));
        const grant: RewardGrant = {
          grantId,
          memberId,
          kind: 'bonus',
          amount: 1_000n,
          currency: 'BRL',
          source: 'operator',
          sourceRef: 'bench',
          idempotencyKey: `reward:${grantId}`,
          params: { wageringMultiple },
        };
        await app.services.ledger.transaction((trx) => app.services.bonus.sink.pay(trx, grant));
      }
    }
    // Rules a site would have live on rounds: one whose condition reads the day's turnover and
    // rarely pays, one that pays a little for slot rounds, capped per player and day.
    const op = await db
      .insertInto('operators')
      .values({ username: `bench${crypto.randomBytes(3).toString('hex')}`, password_hash: 'x', role: 'marketing' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const operatorId = String(op.id);
    for (const input of [
      {
        name: 'High rollers',
        trigger: 'round_settled' as const,
        conditions: { turnoverInPeriod: { period: 'day' as const, min: '100000000' } },
        reward: { kind: 'cash' as const, amount: '1000' },
        perPlayerCap: 1,
        capPeriod: 'daily' as const,
      },
      {
        name: 'Slot coin',
        trigger: 'round_settled' as const,
        conditions: { roundCategories: ['RNG' as const] },
        reward: { kind: 'cash' as const, amount: '1' },
        perPlayerCap: 5,
        capPeriod: 'daily' as const,
      },
    ]) {
      const rule = await app.services.rewards.rules.create(operatorId, input);
      await app.services.rewards.rules.setStatus(operatorId, rule.id, 'live', rule.version);
    }
    const dbUrl = server.databaseUrl!;

    // Baseline: the triggers write the events, nobody applies them.
    const base = await runLoad(dbUrl, RATE, DURATION_MS, members, 'base');
    // Catch the consumers up on the baseline's events before measuring.
    await app.services.rewardEvents.drain();
    const before = (await sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM reward_events`.execute(db))
      .rows[0]!.id;

    app.services.rewardEvents.start();
    const sampler = startSampler(dbUrl, SAMPLE_MS);
    const started = Date.now();
    const run = await runLoad(dbUrl, RATE, DURATION_MS, members, 'engine');
    const loadStopped = Date.now();
    await app.services.rewardEvents.drain();
    const tail = Date.now() - loadStopped;
    // One more sample after the drain, so the last batches are seen committed.
    await new Promise((r) => setTimeout(r, SAMPLE_MS * 3));
    const samples = await sampler.stop();
    await app.services.rewardEvents.stop();

    const { rows: events } = await sql<StreamEvent>`
      SELECT tx::text AS tx, id::text AS id, data->>'roundId' AS "roundId" FROM reward_events
      WHERE id > ${before}::bigint AND kind = 'round_settled'`.execute(db);
    const lags = lagsByConsumer(events, run.commits, samples);

    const baseRate = base.rounds / base.seconds;
    const engineRate = run.rounds / run.seconds;
    const grants = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM reward_grants`.execute(db)).rows[0]!.n;
    const failures = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM reward_event_failures`.execute(db))
      .rows[0]!.n;
    console.log(
      `rewards engine, ${server.databaseKind}, ${PLAYERS} players (${bonusPlayers.length} with bonuses), target ${RATE} settled rounds/s for ${DURATION_MS / 1000} s; load average ${loadAtStart} at start, ${load()} at the end (${os.cpus().length} cores)`,
    );
    console.log(
      `  baseline (triggers only, consumers stopped): ${baseRate.toFixed(0)} rounds/s (${base.late} late ticks)`,
    );
    console.log(
      `  engine running:                              ${engineRate.toFixed(0)} rounds/s (${run.late} late ticks), ${Math.round((Date.now() - started) / 1000)} s`,
    );
    console.log(
      `  ratio engine/baseline: ${(engineRate / baseRate).toFixed(2)} (goal ≥ ${RATIO_GOAL}); caught up ${tail} ms after the load stopped`,
    );
    console.log(
      `  lag from the round's commit to the consumer's commit, over the run's ${events.length} events (places sampled every ${SAMPLE_MS} ms from another process):`,
    );
    let lagMet = lags.size > 0;
    for (const [subscriber, values] of [...lags].sort()) {
      const v = [...values].sort((a, b) => a - b);
      const p99 = percentile(v, 99);
      lagMet &&= p99 < LAG_P99_GOAL_MS;
      console.log(
        `    ${subscriber.padEnd(20)} p50 ${percentile(v, 50).toFixed(0).padStart(6)} ms, p99 ${p99.toFixed(0).padStart(6)} ms, max ${(v.at(-1) ?? 0).toFixed(0).padStart(6)} ms  ${p99 < LAG_P99_GOAL_MS ? 'met' : 'NOT met'}`,
      );
    }
    const states = await app.services.rewardEvents.states();
    console.log(
      `  grants made: ${grants}; events set aside: ${failures}; applied per consumer: ${states.map((c) => `${c.subscriber} ${c.applied}`).join(', ')}`,
    );
    const { mismatches: checks, converted } = await checkFigures(db, members, bonusPlayers);
    console.log(
      `  figures against the rounds: ${checks.length ? `NOT ok: ${checks.join('; ')}` : 'ok (wagering = settled stakes of the bonus players, mission stakes = rebate turnover = VIP turnover = settled stakes)'}; ${converted} of ${bonusPlayers.length} first bonuses converted`,
    );
    console.log(
      `  goals: rate ${engineRate / baseRate >= RATIO_GOAL && engineRate >= RATE * 0.9 ? 'met' : 'NOT met'}, lag ${lagMet ? 'met' : 'NOT met'} (every consumer's p99 < ${LAG_P99_GOAL_MS} ms)`,
    );
    if (checks.length) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

/** What the consumers counted, against the settled rounds themselves; the mismatches. */
async function checkFigures(
  db: Kysely<Database>,
  members: string[],
  bonusPlayers: string[],
): Promise<{ mismatches: string[]; converted: string }> {
  const ids = sql.val(members);
  const one = async (q: RawBuilder<{ v: string }>) => (await q.execute(db)).rows[0]?.v ?? '0';
  const stakes = await one(
    sql<{
      v: string;
    }>`SELECT coalesce(sum(total_bet - total_refund), 0)::text AS v FROM game_rounds WHERE status = 'settled' AND member_id = ANY(${ids}::bigint[])`,
  );
  const figures: [string, string][] = [
    [
      'mission stakes',
      await one(
        sql<{
          v: string;
        }>`SELECT coalesce(sum(value), 0)::text AS v FROM mission_counters WHERE metric = 'stake:ALL' AND period_key ~ '^\\d{4}-\\d{2}-\\d{2}$' AND member_id = ANY(${ids}::bigint[])`,
      ),
    ],
    [
      'rebate turnover',
      await one(
        sql<{
          v: string;
        }>`SELECT coalesce(sum(turnover), 0)::text AS v FROM rebate_turnover WHERE member_id = ANY(${ids}::bigint[])`,
      ),
    ],
    [
      'VIP turnover',
      await one(
        sql<{
          v: string;
        }>`SELECT coalesce(sum(turnover_minor), 0)::text AS v FROM vip_member_days WHERE member_id = ANY(${ids}::bigint[])`,
      ),
    ],
  ];
  const out = figures.filter(([, v]) => v !== stakes).map(([name, v]) => `${name} ${v} ≠ stakes ${stakes}`);
  // Each bonus player always had a running bonus, so each of their rounds counted once, in full (RNG counts 100 %).
  const { rows } = await sql<{
    member_id: string;
    stakes: string;
    wagered: string;
    counted: string;
    bonus_wagered: string;
  }>`
    SELECT m.id::text AS member_id,
      (SELECT coalesce(sum(total_bet - total_refund), 0) FROM game_rounds r WHERE r.member_id = m.id AND r.status = 'settled')::text AS stakes,
      (SELECT coalesce(sum(w.turnover), 0) FROM bonus_wagers w JOIN bonuses b ON b.id = w.bonus_id WHERE b.member_id = m.id)::text AS wagered,
      (SELECT coalesce(sum(w.counted), 0) FROM bonus_wagers w JOIN bonuses b ON b.id = w.bonus_id WHERE b.member_id = m.id)::text AS counted,
      (SELECT coalesce(sum(b.wagered), 0) FROM bonuses b WHERE b.member_id = m.id)::text AS bonus_wagered
    FROM members m WHERE m.id = ANY(${sql.val(bonusPlayers)}::bigint[])`.execute(db);
  const wrong = rows.filter((r) => r.stakes !== r.wagered || r.counted !== r.bonus_wagered);
  if (wrong.length) out.push(`wagering differs for ${wrong.length} bonus players, e.g. ${JSON.stringify(wrong[0])}`);
  const converted = await one(
    sql<{
      v: string;
    }>`SELECT count(*)::text AS v FROM bonuses WHERE status = 'converted' AND member_id = ANY(${sql.val(bonusPlayers)}::bigint[])`,
  );
  return { mismatches: out, converted };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
