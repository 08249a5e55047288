// Single-player originals under load: BENCH_PLAYERS (50) players play dice, limbo, plinko, keno,
// and mines and hi-lo step by step, through the real HTTP API of the app (in this process, over a
// scratch PostgreSQL database) from a players' process of its own (bench/originals-play-load.ts).
//
// The load model. A player is a person at the web client, and the fastest the client sends bets is
// its auto-bet: the answer, then a fixed pause (AUTO_BET_PAUSE_MS of
// apps/web/src/features/inhouse/auto-bet.ts, 400 ms) before the next bet; a step of mines or hi-lo
// is paced the same. So each player here plays, gets the answer, waits that pause, and goes on
// (players start at random points of one pause). The offered rate is then at most
// players / (pause + answer time) requests per second, and it is printed with what was sent.
// Players with no pause at all are bots: with such a closed loop every figure is only
// players / throughput, so it measures capacity, not an answer's time. That run is kept as a
// second line, the rounds per second at saturation (BENCH_SATURATION_SECONDS, 10), so capacity
// stays visible. docs/decisions.md, "The originals' play bench: players paced like the client".
//
// Printed, for the paced run of BENCH_SECONDS (20) after a 2 s unpaced warm-up: per game, the
// answer's p50 and p99 (a step for mines and hi-lo), each p99's ratio to the p99 of a bare route
// (GET /healthz) called by the same players at the same pace for as long in the same run, and the
// goal p99 < 30 ms per game at 50 players (printed, never asserted); then the saturation rounds/s,
// and pgbench's transfer rate on the same database just before.
// Run: npm run bench:originals-play (BENCH_DATABASE_URL or TEST_DATABASE_URL; PGlite otherwise).
// BENCH_CPU_PROF=1 writes a CPU profile of this process (the server) over the paced and the
// saturation runs, and prints the server's CPU per round over both.
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
const SATURATION_SECONDS = Number(process.env.BENCH_SATURATION_SECONDS ?? 10);
const GOAL_MS = 30;
const GAMES = ['dice', 'limbo', 'plinko', 'keno', 'mines', 'hilo'] as const;

type Figures = { requests: number; p50: number; p99: number };
/** One phase of the players' process (bench/originals-play-load.ts). */
type Phase = { seconds: number; pauseMs: number; rounds: number; requests: number; kinds: Record<string, Figures> };

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
      BENCH_SATURATION_SECONDS: String(SATURATION_SECONDS),
    });
    const paced = await child.next<Phase>();
    const saturated = await child.next<Phase>();
    const profile = stopProfile ? await stopProfile('originals-play') : undefined;
    child.send('bare');
    const bare = (await child.next<Phase>()).kinds.bare!;
    await child.stop().catch(() => undefined);
    console.log(
      `${PLAYERS} players, ${server.databaseKind}, paced like the client's auto-bet (${paced.pauseMs} ms after each answer), ${SECONDS} s: offered ${(paced.requests / paced.seconds).toFixed(0)} requests/s (at most ${((PLAYERS * 1000) / paced.pauseMs).toFixed(0)} with instant answers), ${(paced.rounds / paced.seconds).toFixed(0)} rounds/s over all games; load average ${load()} at the end`,
    );
    console.log(
      `   bare route GET /healthz, same pace (baseline): p50 ${bare.p50.toFixed(1)} ms, p99 ${bare.p99.toFixed(1)} ms`,
    );
    for (const [game, f] of Object.entries(paced.kinds)) {
      console.log(
        `   ${game.padEnd(11)} ${String(f.requests).padStart(6)} requests  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  (${(f.p99 / bare.p99).toFixed(1)}× the bare route; goal p99 < ${GOAL_MS} ms: ${f.p99 < GOAL_MS ? 'met' : 'NOT met'})`,
      );
    }
    console.log(
      `saturation, the same players with no pause (a closed loop), ${SATURATION_SECONDS} s: ${(saturated.rounds / saturated.seconds).toFixed(0)} rounds/s over all games, ${(saturated.requests / saturated.seconds).toFixed(0)} requests/s (capacity; its latency is players / throughput)`,
    );
    if (pgbenchTps !== undefined)
      console.log(
        `   pgbench two-row transfer, ${PLAYERS} clients, 5 s just before: ${pgbenchTps.toFixed(0)} transactions/s (${(saturated.rounds / saturated.seconds / pgbenchTps).toFixed(3)} saturation rounds per pgbench transaction)`,
      );
    if (profile) {
      console.log(`   CPU profile of the server over the run: ${profile.file}`);
      const played = paced.rounds + saturated.rounds;
      for (const line of formatSummaries([{ name: 'µs/round', profiles: [profile.profile], units: played }]))
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
