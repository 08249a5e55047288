// Seamless-wallet callbacks per second through the signed HTTP callback API (bet then win, each
// round closed by its win) with 50 concurrent players from a load process of their own, with the rewards
// engine off and on in turns (its round trigger and consumers, rules live on rounds), next to a pgbench
// two-account transfer (debit one row, credit another) on the same PostgreSQL database in the same run.
// Every run prints: callbacks/s, pgbench tps and their ratio, bet and win p50 and p99, the server's
// CPU per callback and its database round trips per callback, each with the engine off and on.
// Goals: ratio ≥ 1.0; bet p99 < 20 ms; CPU per callback ≤ 250 µs (engine on); engine on / off ≥ 0.9.
// Run: npm run bench:callbacks  (needs BENCH_DATABASE_URL or TEST_DATABASE_URL, and pgbench;
// BENCH_DURATION_MS, BENCH_PLAYERS, BENCH_PAIRS to change; BENCH_WITHOUT_REPORTING=1 without the
// reporting trigger; BENCH_CPU_PROF=<dir> or 1 to profile the server's process over each run, with a
// summary by category; BENCH_BASELINE=<commit> to run that commit's bench after, side by side)
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { startBenchServer } from './bench-server';
import {
  configureSeamlessVendor,
  createCallbackPlayers,
  pick,
  runCallbackLoad,
  type LoadResult,
} from './callbacks-load';
import { cpuProfileDir, startCpuProfile } from './cpu-profile';
import { startMachineCpu, type CpuSpent } from './machine-cpu';
import { createPgbenchAccounts, requirePgbench, runPgbenchMeasured, type PgbenchRun } from './pgbench';
import { formatSummaries, type CpuProfile } from './profile-summary';
import { attachRoundTripCounter } from '../apps/server/src/db/round-trip-counter';
import { statementCounter } from './query-count';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? PLAYERS);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const RATIO_GOAL = 1.0;
const P99_GOAL_MS = 20;
const CPU_GOAL_US = 250;
const ENGINE_GOAL = 0.9;

/** One load run and what the server spent on it, warm-up included (the engine's catch-up after an on run too). */
type Measured = {
  load: LoadResult;
  cpuMs: number;
  /** Queries the server's pool sent (round trips). */
  queries: number;
  /** Top-level statements PostgreSQL ran (pg_stat_statements), when it is preloaded. */
  statements: number | undefined;
  profile: CpuProfile | undefined;
  /** CPU PostgreSQL and the whole machine spent over the run (Linux only). */
  machine: CpuSpent | undefined;
};

const callsOf = (m: Measured) => m.load.callbacks + m.load.warmupCallbacks;

async function main() {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    // The baseline is pgbench on the same database, so there is nothing to compare on PGlite.
    console.log('callbacks bench skipped: it needs PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  requirePgbench();
  // One connection per concurrent player, as pgbench gets one per client: with fewer, callbacks
  // queue for a connection rather than for the database.
  // Production serialisation: outside production every answer is also checked against its response schema.
  const server = await startBenchServer({ nodeEnv: 'production' }, { poolSize: POOL_SIZE });
  const { app } = server;
  const db = server.database.db;
  try {
    // BENCH_WITHOUT_REPORTING=1 turns the reporting aggregates' round triggers off, to price it (run both ways, alternating).
    if (process.env.BENCH_WITHOUT_REPORTING === '1')
      await sql`ALTER TABLE game_rounds DISABLE TRIGGER reporting_game_rounds, DISABLE TRIGGER reporting_game_rounds_insert`.execute(
        db,
      );
    console.log(
      `callbacks bench: ${process.env.BENCH_WITHOUT_REPORTING === '1' ? 'reporting trigger off, ' : ''}${server.databaseKind}, ${PLAYERS} concurrent players, pool ${POOL_SIZE}, ${DURATION_MS} ms after ${WARMUP_MS} ms warm-up, node ${process.version}`,
    );
    const secret = await configureSeamlessVendor(app);

    const players = await createCallbackPlayers(server, secret, PLAYERS);

    // Rules live on rounds, as a site runs them (one reading the day's turnover); they act only while the engine is on.
    const op = await db
      .insertInto('operators')
      .values({ username: `cbrules${crypto.randomBytes(3).toString('hex')}`, password_hash: 'x', role: 'marketing' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const input of [
      {
        name: 'High rollers',
        trigger: 'round_settled' as const,
        conditions: { turnoverInPeriod: { period: 'day' as const, min: '100000000000' } },
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
      const rule = await app.services.rewards.rules.create(String(op.id), input);
      await app.services.rewards.rules.setStatus(String(op.id), rule.id, 'live', rule.version);
    }
    // Off and on in turns (BENCH_PAIRS pairs), so a machine that gets busier or quieter meanwhile
    // weighs on both alike. Off: the round trigger disabled and no consumer running. On: every
    // settled round written as an event and the consumers applying them in the server's process.
    const statements = await statementCounter(db);
    // Every query the server's handle sends, counted through its own hook (round-trip-counter.ts).
    const roundTrips = attachRoundTripCounter(server.database);
    const profileDir = cpuProfileDir();
    const load = () =>
      runCallbackLoad({ baseUrl: server.baseUrl, secret, players, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
    // Only the run itself is measured: the counters are read and reset outside it.
    const measure = async (name: string, run: () => Promise<LoadResult>): Promise<Measured> => {
      await statements?.reset();
      const stopProfile = profileDir ? await startCpuProfile(profileDir) : undefined;
      const stopMachine = startMachineCpu();
      const cpu = process.cpuUsage();
      roundTrips.reset();
      const result = await run();
      const sent = roundTrips.total().roundTrips;
      const used = process.cpuUsage(cpu);
      const machine = stopMachine?.();
      const m: Measured = {
        load: result,
        cpuMs: (used.user + used.system) / 1000,
        queries: sent,
        statements: await statements?.read(),
        profile: undefined,
        machine,
      };
      if (result.errors > 0)
        throw new Error(`callback errors (${name}): ${result.errors} (first: ${result.firstError})`);
      if (stopProfile) m.profile = (await stopProfile(`callbacks-${name}-${Date.now()}-${callsOf(m)}cb`)).profile;
      return m;
    };
    const offRuns: Measured[] = [];
    const onRuns: Measured[] = [];
    const perCallback = (runs: Measured[], of: (m: Measured) => number) =>
      runs.reduce((n, m) => n + of(m), 0) / runs.reduce((n, m) => n + callsOf(m), 0);
    const cpuUs = (runs: Measured[]) => perCallback(runs, (m) => m.cpuMs * 1000);
    const trips = (runs: Measured[]) => perCallback(runs, (m) => m.queries);
    for (let pair = 0; pair < PAIRS; pair++) {
      await sql`ALTER TABLE game_rounds DISABLE TRIGGER reward_events_game_rounds`.execute(db);
      const off = await measure(`off-${pair + 1}`, load);
      offRuns.push(off);
      await sql`ALTER TABLE game_rounds ENABLE TRIGGER reward_events_game_rounds`.execute(db);
      const on = await measure(`on-${pair + 1}`, async () => {
        app.services.rewardEvents.start();
        const result = await load();
        await app.services.rewardEvents.drain();
        await app.services.rewardEvents.stop();
        return result;
      });
      onRuns.push(on);
      const rateOf = (m: Measured) => (m.load.callbacks / m.load.seconds).toFixed(0);
      console.log(
        `  pair ${pair + 1}: engine off ${rateOf(off)} /s (${cpuUs([off]).toFixed(0)} µs CPU, ${trips([off]).toFixed(2)} round trips per callback), on ${rateOf(on)} /s (${cpuUs([on]).toFixed(0)} µs, ${trips([on]).toFixed(2)})`,
      );
    }
    const rate = (runs: Measured[]) =>
      runs.reduce((n, m) => n + m.load.callbacks, 0) / runs.reduce((n, m) => n + m.load.seconds, 0);
    const perSecond = rate(onRuns);
    const offPerSecond = rate(offRuns);
    const onCallbacks = onRuns.reduce((n, m) => n + m.load.callbacks, 0);
    const onRounds = onRuns.reduce((n, m) => n + m.load.bets, 0);
    const offCallbacks = offRuns.reduce((n, m) => n + m.load.callbacks, 0);
    const bets = onRuns.flatMap((m) => m.load.betLatencies).sort((a, b) => a - b);
    const wins = onRuns.flatMap((m) => m.load.winLatencies).sort((a, b) => a - b);

    const check = await import('../apps/server/src/modules/ledger/ledger-check').then((m) => m.checkLedger(db));
    if (!check.ok) throw new Error(`ledger check failed after the bench: ${check.problems.join('; ')}`);

    // The baseline, on the same database, after the app's load has finished.
    await createPgbenchAccounts(db);
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    // Let the app's idle pool connections close (pg's 10 s idle timeout), so pgbench's clients fit
    // under max_connections next to them.
    await new Promise((r) => setTimeout(r, 11_000));
    const stopPgbenchCpu = startMachineCpu();
    const pgbench = runPgbenchMeasured(url.toString(), PLAYERS, DURATION_MS / 1000);
    const pgbenchMachineMs = stopPgbenchCpu?.().machineMs;
    const tps = pgbench.tps;

    const ratio = perSecond / tps;
    const engine = perSecond / offPerSecond;
    const betP99 = pick(bets, 0.99);
    const metText = (met: boolean) => (met ? 'met' : 'NOT met');
    if (profileDir)
      console.log(`(CPU profiler on over every run: the figures below include its cost; profiles in ${profileDir})`);
    console.log(
      `seamless callbacks, rewards engine off         ${offPerSecond.toFixed(0).padStart(7)} /s  (${offCallbacks} callbacks)`,
    );
    console.log(
      `seamless callbacks (bet + win, signed HTTP)  ${perSecond.toFixed(0).padStart(7)} /s  (${onCallbacks} callbacks, ${onRounds} rounds; rewards engine on)`,
    );
    console.log(
      `rewards engine on / off: ${engine.toFixed(2)} (goal ≥ ${ENGINE_GOAL}: ${metText(engine >= ENGINE_GOAL)})`,
    );
    console.log(
      `  server process CPU per callback (warm-up included): engine off ${cpuUs(offRuns).toFixed(0)} µs, on ${cpuUs(onRuns).toFixed(0)} µs`,
    );
    console.log(
      `  round trips per callback (queries the server sent, warm-up included): engine off ${trips(offRuns).toFixed(2)}, on ${trips(onRuns).toFixed(2)}`,
    );
    if (statements) {
      const stmts = (runs: Measured[]) => perCallback(runs, (m) => m.statements ?? 0).toFixed(2);
      console.log(
        `  statements per callback (pg_stat_statements, ${statements.scope}): engine off ${stmts(offRuns)}, on ${stmts(onRuns)}`,
      );
    }
    printCpuByProcess(offRuns, onRuns, pgbench, pgbenchMachineMs);
    console.log(`  bet callback   p50 ${pick(bets, 0.5).toFixed(2)} ms  p99 ${betP99.toFixed(2)} ms`);
    console.log(`  win callback   p50 ${pick(wins, 0.5).toFixed(2)} ms  p99 ${pick(wins, 0.99).toFixed(2)} ms`);
    console.log(`pgbench two-account transfer (${PLAYERS} clients) ${tps.toFixed(0).padStart(7)} tps`);
    console.log(
      `ratio callbacks / pgbench: ${ratio.toFixed(2)} (goal ≥ ${RATIO_GOAL.toFixed(1)}: ${metText(ratio >= RATIO_GOAL)})`,
    );
    console.log(
      `bet callback p99: ${betP99.toFixed(2)} ms (goal < ${P99_GOAL_MS} ms: ${metText(betP99 < P99_GOAL_MS)})`,
    );
    console.log(
      `server CPU per callback, engine on: ${cpuUs(onRuns).toFixed(0)} µs (goal ≤ ${CPU_GOAL_US} µs: ${metText(cpuUs(onRuns) <= CPU_GOAL_US)})`,
    );
    if (profileDir) {
      console.log('server CPU by category (sampled, scaled to the measured CPU; µs per callback, warm-up included):');
      const column = (name: string, runs: Measured[]) => ({
        name,
        profiles: runs.map((m) => m.profile!),
        units: runs.reduce((n, m) => n + callsOf(m), 0),
        cpuUs: runs.reduce((n, m) => n + m.cpuMs * 1000, 0),
      });
      for (const line of formatSummaries([column('engine off', offRuns), column('engine on', onRuns)]))
        console.log(`  ${line}`);
    }
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (${os.cpus().length} cores)`,
    );
  } finally {
    await server.close();
  }
}

/**
 * Per callback: the server's CPU, PostgreSQL's, and the rest of the machine's (the load client,
 * and whatever else ran); per pgbench transfer: pgbench's own and the rest (PostgreSQL: its
 * backends end with pgbench's connections, so they are counted as the machine less pgbench).
 * With the machine's cores all busy, the ratio to pgbench cannot pass the ratio of these totals.
 */
function printCpuByProcess(
  offRuns: Measured[],
  onRuns: Measured[],
  pgbench: PgbenchRun,
  pgbenchMachineMs: number | undefined,
): void {
  if (pgbenchMachineMs === undefined || !pgbench.transactions || [...offRuns, ...onRuns].some((m) => !m.machine))
    return;
  const per = (runs: Measured[], of: (m: Measured) => number) =>
    (runs.reduce((n, m) => n + of(m), 0) * 1000) / runs.reduce((n, m) => n + callsOf(m), 0);
  const row = (runs: Measured[]) => {
    const server = per(runs, (m) => m.cpuMs);
    const postgres = per(runs, (m) => m.machine!.postgresMs);
    const machine = per(runs, (m) => m.machine!.machineMs);
    return { server, postgres, rest: machine - server - postgres, machine };
  };
  const fmt = (r: ReturnType<typeof row>) =>
    `server ${r.server.toFixed(0)} µs, PostgreSQL ${r.postgres.toFixed(0)} µs, rest ${r.rest.toFixed(0)} µs, machine ${r.machine.toFixed(0)} µs`;
  const on = row(onRuns);
  const client = (pgbench.clientCpuMs * 1000) / pgbench.transactions;
  const machine = (pgbenchMachineMs * 1000) / pgbench.transactions;
  console.log(`  CPU per callback by process, engine off: ${fmt(row(offRuns))}`);
  console.log(`  CPU per callback by process, engine on: ${fmt(on)}`);
  console.log(
    `  CPU per pgbench transfer: PostgreSQL and the rest ${(machine - client).toFixed(0)} µs, pgbench ${client.toFixed(0)} µs, machine ${machine.toFixed(0)} µs`,
  );
  console.log(
    `  per callback (engine on) / per pgbench transfer: PostgreSQL ${(on.postgres / (machine - client)).toFixed(2)}, machine ${(on.machine / machine).toFixed(2)}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
