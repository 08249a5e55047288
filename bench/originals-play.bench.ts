// Single-player originals under load: BENCH_PLAYERS (50) players at once play dice, limbo, plinko,
// keno, and mines and hi-lo step by step, through the real HTTP API of the app (in this process,
// over a scratch PostgreSQL database) from a players' process of its own
// (bench/originals-play-load.ts), for BENCH_SECONDS (20) after a 2 s warm-up. Printed per game: the
// answer's p50 and p99 (a step for mines and hi-lo), rounds per second over all games, and the
// ratio of each p99 to the p99 of a bare route (GET /healthz) called by the same players for as
// long in the same run, and pgbench's transfer rate on the same database just before. Goal: p99 < 30 ms per game at 50 players (printed, never asserted).
// Run: npm run bench:originals-play (BENCH_DATABASE_URL or TEST_DATABASE_URL; PGlite otherwise).
// BENCH_CPU_PROF=1 writes a CPU profile of this process (the server) over the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from './bench-server';
import { startLineChild } from './child-lines';
import { cpuProfileDir, startCpuProfile } from './cpu-profile';
import { openInhousePlayers } from './inhouse-players';
import { createPgbenchAccounts, requirePgbench, runPgbenchMeasured } from './pgbench';
import { formatSummaries } from './profile-summary';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const GOAL_MS = 30;
const GAMES = ['dice', 'limbo', 'plinko', 'keno', 'mines', 'hilo'] as const;

type Figures = { requests: number; p50: number; p99: number };

async function main(): Promise<void> {
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  console.log(
    `originals play bench: node ${process.version}, ${os.cpus().length} cores, load average ${load()} at the start`,
  );
  const server = await startBenchServer({ nodeEnv: 'production' }, { poolSize: 20 });
  const file = path.join(os.tmpdir(), `wps-originals-players-${process.pid}.json`);
  try {
    const sessions = await Promise.all(GAMES.map((g) => openInhousePlayers(server, PLAYERS, `inhouse-${g}`)));
    // One player holds a session of every game (a member per game: each session is its player's own).
    const players = Array.from({ length: PLAYERS }, (_, i) =>
      Object.fromEntries(
        GAMES.map((g, k) => [g, { sessionToken: sessions[k]![i]!.sessionToken, playerId: sessions[k]![i]!.playerId }]),
      ),
    );
    fs.writeFileSync(file, JSON.stringify(players));
    // The database's own pace on this machine now: pgbench's two-row transfer from as many clients
    // (PostgreSQL only), in the same run, so a slow figure can be told from a slow database.
    let pgbenchTps: number | undefined;
    if (server.databaseUrl) {
      requirePgbench();
      await createPgbenchAccounts(server.database.db);
      pgbenchTps = runPgbenchMeasured(server.databaseUrl, PLAYERS, 5).tps;
    }
    const profileDir = cpuProfileDir();
    const stopProfile = profileDir ? await startCpuProfile(profileDir) : undefined;
    const child = startLineChild('originals-play-load.ts', [server.baseUrl, file], {
      BENCH_SECONDS: String(SECONDS),
    });
    const r = await child.next<{ seconds: number; rounds: number; games: Record<string, Figures>; bare: Figures }>();
    await child.stop().catch(() => undefined);
    const profile = stopProfile ? await stopProfile('originals-play') : undefined;
    console.log(
      `${PLAYERS} players, ${server.databaseKind}, ${SECONDS} s: ${(r.rounds / r.seconds).toFixed(0)} rounds/s over all games; load average ${load()} at the end`,
    );
    console.log(
      `   bare route GET /healthz (baseline): p50 ${r.bare.p50.toFixed(1)} ms, p99 ${r.bare.p99.toFixed(1)} ms`,
    );
    if (pgbenchTps !== undefined)
      console.log(
        `   pgbench two-row transfer, ${PLAYERS} clients, 5 s just before: ${pgbenchTps.toFixed(0)} transactions/s (${(r.rounds / r.seconds / pgbenchTps).toFixed(3)} rounds per pgbench transaction)`,
      );
    for (const [game, f] of Object.entries(r.games)) {
      console.log(
        `   ${game.padEnd(11)} ${String(f.requests).padStart(6)} requests  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  (${(f.p99 / r.bare.p99).toFixed(1)}× the bare route; goal p99 < ${GOAL_MS} ms: ${f.p99 < GOAL_MS ? 'met' : 'NOT met'})`,
      );
    }
    if (profile) {
      console.log(`   CPU profile of the server over the run: ${profile.file}`);
      for (const line of formatSummaries([{ name: 'µs/round', profiles: [profile.profile], units: r.rounds }]))
        console.log(`     ${line}`);
    }
  } finally {
    fs.rmSync(file, { force: true });
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
