// Agent contract settlement at scale, on PostgreSQL: a tree of BENCH_MEMBERS players (default
// 100 000) under BENCH_AGENTS agents (default 1 000) BENCH_DEPTH levels deep (default 6), every
// agent with a daily-salary and a real-time-salary contract, and a day of BENCH_ROUNDS settled
// rounds (default 500 000), generated with bulk SQL (bench/agents/generate.ts). It then times:
//   - settling the day's daily-salary period for everyone (computing every statement and paying
//     each through the ledger): goal ≤ 30 s;
//   - a real-time salary's 5-minute settlement, the day's last window (its tiers read the whole day
//     so far, the worst case): goal ≤ 10 s;
// and prints each against a baseline measured in the same run on the same rows: a plain SUM of the
// stakes over the period (what reading the rounds alone costs), with the ratio.
// Run: npm run bench:agents-settle  (BENCH_DATABASE_URL or TEST_DATABASE_URL; BENCH_MEMBERS,
// BENCH_AGENTS, BENCH_DEPTH, BENCH_ROUNDS to change)
import os from 'node:os';
import { sql } from 'kysely';
import { streamOf } from '../apps/server/src/modules/agents/settlement/settlement-periods';
import { createAgentSettlementService } from '../apps/server/src/modules/agents/settlement/settlement.service';
import { createGatewayViews } from '../apps/server/src/modules/gateway/gateway-views';
import { createLedgerViews } from '../apps/server/src/modules/ledger/ledger-views';
import { createMemberViews } from '../apps/server/src/modules/member/member-views';
import { generateAgentTree, generateContracts, generateRounds } from './agents/generate';
import { startBenchServer } from './bench-server';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 1_000);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500_000);
const DAILY_GOAL_MS = 30_000;
const REALTIME_GOAL_MS = 10_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
    throw new Error('bench:agents-settle needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  console.info(`load average at start: ${load()}`);
  const server = await startBenchServer({}, { poolSize: 10 });
  const db = server.database.db;
  // The app's settlement, with its computation's steps timed.
  const phases: string[] = [];
  const settlement = createAgentSettlementService({
    db,
    audit: server.app.services.audit,
    ledger: server.app.services.ledger,
    views: {
      rounds: createGatewayViews({ db }).settledRounds,
      bonuses: createLedgerViews({ db }).playerBonusCredits,
      members: createMemberViews({ db }).uplines,
    },
    timeZone: server.app.services.rewards.timeZone,
    onPhase: (phase, ms) => phases.push(`${phase} ${seconds(ms)}`),
  });
  const steps = () => phases.splice(0).join(', ');
  try {
    // A UTC day in the past (the operator's zone set to UTC so the day is these 24 hours).
    await sql`UPDATE reward_settings SET time_zone = 'UTC'`.execute(db);
    const start = new Date(Date.UTC(2026, 0, 15));
    const day = { key: '2026-01-15', start, end: new Date(start.getTime() + 86_400_000) };
    const last5 = {
      key: new Date(day.end.getTime() - 300_000).toISOString(),
      start: new Date(day.end.getTime() - 300_000),
      end: day.end,
    };

    const gen = await timed(async () => {
      const tree = await generateAgentTree(db, { agents: AGENTS, players: MEMBERS, depth: DEPTH });
      await generateContracts(db, tree, 'daily_salary');
      await generateContracts(db, tree, 'realtime_salary');
      await generateRounds(db, { start: day.start, end: day.end, rounds: ROUNDS });
      await sql`ANALYZE`.execute(db);
      return tree;
    });
    console.info(
      `generated ${gen.value.agents} agents (levels ${gen.value.levels.map((l) => l.length).join('/')}), ${gen.value.players} players, ${ROUNDS} rounds in ${seconds(gen.ms)}`,
    );

    const baseline = async (w: { start: Date; end: Date }) =>
      timed(
        async () =>
          (
            await sql<{
              s: string;
            }>`SELECT sum(total_bet - total_refund)::text AS s FROM game_rounds WHERE status = 'settled' AND settled_at >= ${w.start} AND settled_at < ${w.end}`.execute(
              db,
            )
          ).rows[0]!.s,
      );

    const dayBase = await baseline(day);
    const daily = await timed(() => settlement.settleWindow(streamOf('daily_salary:day')!, day));
    const dailySteps = steps();
    const dailyRun = (await settlement.listRuns({ page: 1, pageSize: 5, order: 'desc', type: 'daily_salary' }))
      .list[0]!;
    const computeMs = dailyRun.computedAt
      ? new Date(dailyRun.computedAt).getTime() - new Date(dailyRun.startedAt).getTime()
      : NaN;

    const rtBase = await baseline(last5);
    const realtime = await timed(() => settlement.settleWindow(streamOf('realtime_salary:5min')!, last5));
    const rtRun = (await settlement.listRuns({ page: 1, pageSize: 5, order: 'desc', type: 'realtime_salary' }))
      .list[0]!;

    const line = (name: string, ms: number, goal: number, base: number) =>
      `${name}: ${seconds(ms)} (goal ≤ ${seconds(goal)}: ${ms <= goal ? 'met' : 'MISSED'}); baseline SUM ${seconds(base)}, ratio ${(ms / Math.max(base, 0.001)).toFixed(1)}×`;
    console.info(`turnover of the day: ${dayBase.value} minor units; of the last 5 minutes: ${rtBase.value}`);
    console.info(line('daily-salary settlement', daily.ms, DAILY_GOAL_MS, dayBase.ms));
    console.info(
      `  ${dailyRun.statements} statements, ${dailyRun.paid} paid, ${dailyRun.totalMinor} minor units; computing ${seconds(computeMs)}, paying ${seconds(daily.ms - computeMs)}`,
    );
    console.info(`  computing: ${dailySteps}`);
    console.info(line('real-time (5-minute) settlement', realtime.ms, REALTIME_GOAL_MS, rtBase.ms));
    console.info(
      `  ${rtRun.statements} statements, ${rtRun.paid} paid, ${rtRun.totalMinor} minor units; computing: ${steps()}`,
    );
    console.info(`load average at end: ${load()}`);
    if (daily.value.status !== 'done' || realtime.value.status !== 'done')
      throw new Error(`runs not done: ${daily.value.status}, ${realtime.value.status}`);
  } finally {
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
