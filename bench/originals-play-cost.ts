// What one play of a single-player original costs, one player at a time, in figures that depend
// far less on how busy the machine is than bench:originals-play's latencies: per round of each kind
// (a dice roll, a keno play, a mines round: start, a reveal, the cash-out if it goes on), the
// database round trips and statements (counted through the app's handle), the commits that write
// (from the statements sent), the server's CPU (this process's user + system time; the requests
// are injected, so no socket work is in it; less what the app's timers use idle, measured first), the
// wall time, and the rest of it, spent waiting on the database (its work, the commits' WAL flushes,
// the loopback). Sequential, so nothing waits for a lock or a batch: a group commit's batch holds
// one op.
// BENCH_CPU_PROF=1 (or a directory) also writes a CPU profile of each kind and prints its summary.
// Run: BENCH_DATABASE_URL=postgres://… npm run bench:originals-play-cost (PostgreSQL only).
import crypto from 'node:crypto';
import { attachRoundTripCounter } from '../apps/server/src/db/round-trip-counter';
import { startBenchServer } from './bench-server';
import { cpuProfileDir, startCpuProfile } from './cpu-profile';
import { type BenchPlayer, openInhousePlayers } from './inhouse-players';
import { formatSummaries } from './profile-summary';

/**
 * The commits a round's statements made that write: each COMMIT, and each writing statement sent
 * outside a transaction (an UPDATE, an INSERT, a call of the wallet's batch functions).
 */
function writingCommits(sent: string[]): number {
  let inside = false;
  let n = 0;
  for (const q of sent) {
    if (/^\s*begin\b/i.test(q)) inside = true;
    else if (/^\s*(commit|rollback)\b/i.test(q)) {
      if (/^\s*commit/i.test(q)) n++;
      inside = false;
    } else if (!inside && /^\s*(insert|update|delete|with)\b|seamless_/i.test(q)) n++;
  }
  return n;
}

const PLAYS = Number(process.env.BENCH_PLAYS ?? 300);

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
    throw new Error('PostgreSQL only: set BENCH_DATABASE_URL');
  const server = await startBenchServer({ nodeEnv: 'production' }, { poolSize: 4 });
  const counter = attachRoundTripCounter(server.database);
  const profileDir = cpuProfileDir();
  const profiles: string[] = [];
  try {
    const [dice, keno, mines] = await Promise.all(
      ['inhouse-dice', 'inhouse-keno', 'inhouse-mines'].map(async (g) => (await openInhousePlayers(server, 1, g))[0]!),
    );
    const post = async (url: string, payload: object) => {
      const res = await server.app.inject({ method: 'POST', url, payload });
      const body = res.json() as { success: boolean; value: { roundId: string; status: string } };
      if (!body.success) throw new Error(`${url}: ${res.body}`);
      return body.value;
    };
    const key = () => crypto.randomBytes(8).toString('hex');
    const auth = (p: BenchPlayer | undefined) => ({ sessionToken: p!.sessionToken, playerId: p!.playerId });
    // A mines round with one mine: the start, a reveal (24 in 25 go on) and the cash-out if open.
    const kinds: Record<string, () => Promise<number>> = {
      'dice roll': async () => {
        await post('/wps/inhouse/dice/roll', {
          ...auth(dice),
          stakeMinor: '100',
          idempotencyKey: key(),
          target: 4950,
          direction: 'under',
        });
        return 1;
      },
      'keno play': async () => {
        await post('/wps/inhouse/keno/play', {
          ...auth(keno),
          stakeMinor: '100',
          idempotencyKey: key(),
          picks: [3, 7, 12, 25, 33],
          risk: 'low',
        });
        return 1;
      },
      'mines round': async () => {
        const { roundId } = await post('/wps/inhouse/mines/start', {
          ...auth(mines),
          stakeMinor: '100',
          idempotencyKey: key(),
          mines: 1,
        });
        const r = await post('/wps/inhouse/mines/reveal', { ...auth(mines), roundId, tile: 0 });
        if (r.status !== 'open') return 2;
        await post('/wps/inhouse/mines/cashout', { ...auth(mines), roundId });
        return 3;
      },
    };
    // Warm the paths (JIT, caches) first.
    for (let i = 0; i < 30; i++) for (const k of Object.values(kinds)) await k();
    // The app's own timers (jobs, the change feed, live streams) use CPU whether anyone plays or not:
    // measured idle, and taken off each kind's CPU for the time it ran.
    const idle0 = process.cpuUsage();
    const idleStart = performance.now();
    await new Promise((r) => setTimeout(r, 2000));
    const idleCpu = process.cpuUsage(idle0);
    const idlePerMs = (idleCpu.user + idleCpu.system) / (performance.now() - idleStart);
    console.log(
      `originals play cost: ${PLAYS} rounds of each kind, one at a time, ${server.databaseKind}; the server idle uses ${(idlePerMs * 1000).toFixed(0)} µs CPU/s (taken off); per round:`,
    );
    console.log(
      '   kind          requests  round trips (statements)  writing commits  server CPU µs  wall µs  waiting on the database µs',
    );
    for (const [kind, play] of Object.entries(kinds)) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      let requests = 0;
      let trips = 0;
      let statements = 0;
      let commits = 0;
      const stopProfile = profileDir ? await startCpuProfile(profileDir) : undefined;
      for (let i = 0; i < PLAYS; i++) {
        const m = await counter.measure(play);
        if (i === 0 && process.env.BENCH_SHOW_SQL)
          console.log(m.sent.map((q) => `      ${q.slice(0, 140)}`).join('\n'));
        requests += m.value;
        trips += m.roundTrips;
        commits += writingCommits(m.sent);
        statements += m.statements;
      }
      const cpu = process.cpuUsage(cpu0);
      const ms = performance.now() - t0;
      const playCpu = cpu.user + cpu.system - idlePerMs * ms;
      if (stopProfile) {
        const { file, profile } = await stopProfile(kind.replace(' ', '-'));
        profiles.push(
          `${file}: ${formatSummaries([{ name: 'µs/round', profiles: [profile], units: PLAYS }]).join('\n')}`,
        );
      }
      const per = (n: number, digits = 0) => (n / PLAYS).toFixed(digits);
      console.log(
        `   ${kind.padEnd(13)} ${per(requests, 2).padStart(8)}  ${per(trips, 1).padStart(6)} (${per(statements, 1)})          ${per(commits, 2).padStart(14)}  ${per(playCpu).padStart(12)}  ${per(ms * 1000).padStart(9)}  ${per(ms * 1000 - playCpu).padStart(21)}`,
      );
    }
    for (const p of profiles) console.log(p);
  } finally {
    counter.detach();
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
