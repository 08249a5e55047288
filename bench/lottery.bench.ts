// The lottery at load, on PostgreSQL, each figure next to a baseline measured in the same run:
//   1. Ticket placement through HTTP: POST /lgw/tickets on the real app in a process of its own
//      (bench/lottery-server.ts), driven by autocannon from another process, BENCH_LOTTERY_PLAYERS
//      players (default 500), a lô slip on one number per ticket, a unique idempotency key per
//      request. Tickets per second next to pgbench's two-account transfer (bench/pgbench.ts, the
//      callbacks bench's baseline) on the same database with as many clients as connections;
//      goal: ratio ≥ 0.5.
//   2. Settling one draw of BENCH_TICKETS tickets (default 1,000,000) from BENCH_SETTLE_PLAYERS
//      players (default 20,000), written set-based as placement leaves them (bench/lottery/generate.ts),
//      from the draw decided to every ticket settled; goal ≤ 10 s (≥ 100,000 tickets/s). Then
//      the outcome is checked: no ticket open, every round settled, one win per winning ticket,
//      the wins within the draw's cap, the ledger check clean.
//   3. Live result delivery to 10,000 open pages is bench/lottery-live.bench.ts, which
//      `npm run bench:lottery` runs right after this one.
// Run: npm run bench:lottery  (BENCH_DATABASE_URL or TEST_DATABASE_URL, and pgbench;
// BENCH_DURATION_S, BENCH_WARMUP_S, BENCH_CONNECTIONS, BENCH_TICKETS, BENCH_ONLY=placement|settlement,
// BENCH_CPU_PROF=<dir> to profile the placement server)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check';
import { createLotterySettlement } from '../apps/server/src/modules/lottery/lottery-settlement';
import { sharedLotteryRules } from '../apps/server/src/modules/lottery/lottery-rules-shared';
import { startBenchServer } from './bench-server';
import { generateDrawnDraw } from './lottery/generate';
import { createPgbenchAccounts, requirePgbench, runPgbench } from './pgbench';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Run by path in a child process (knip.json lists autocannon in ignoreDependencies).
const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const SETTLE_PLAYERS = Number(process.env.BENCH_SETTLE_PLAYERS ?? 20_000);
const PLACEMENT_GOAL = 0.5;
const SETTLE_GOAL_MS = 10_000;
const SETTLE_RATE_GOAL = 1_000_000 / (SETTLE_GOAL_MS / 1000);
const ONLY = process.env.BENCH_ONLY;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

type Placement = {
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
  firstNon2xx: string | undefined;
};

// The load process: autocannon with one request builder, so every request is a new ticket (its own
// idempotency key) of a player taken in turn, on a number taken in turn.
const LOAD_SOURCE = `
const { autocannonPath, url, tokens, gameCode, numero, connections, durationS, warmupS, runId } = JSON.parse(process.argv[1]);
const autocannon = require(autocannonPath);
let seq = 0;
let firstNon2xx;
const requests = () => [{
  method: 'POST',
  path: '/lgw/tickets',
  setupRequest: (req) => {
    const n = seq++;
    const body = JSON.stringify({ gameCode, numero, idempotencyKey: 'p-' + runId + '-' + n,
      selections: [{ betType: 'lo', numbers: [(n * 37) % 100], stakePerLineMinor: String(10 + (n % 10) * 10) }] });
    return { ...req, headers: { 'content-type': 'application/json', authorization: tokens[n % tokens.length] }, body };
  },
  onResponse: (status, body) => { if (status !== 200 && firstNon2xx === undefined) firstNon2xx = status + ' ' + String(body).slice(0, 300); },
}];
const run = (duration) => new Promise((resolve, reject) => autocannon({ url, connections, duration, requests: requests() }, (err, r) => (err ? reject(err) : resolve(r))));
(async () => {
  await run(warmupS);
  const r = await run(durationS);
  process.stdout.write(JSON.stringify({ ok: r['2xx'], non2xx: r.non2xx, errors: r.errors + r.timeouts, seconds: r.duration, p50: r.latency.p50, p99: r.latency.p99, firstNon2xx }));
})().catch((err) => { console.error(err); process.exit(1); });
`;

function runPlacementLoad(input: {
  url: string;
  tokens: string[];
  gameCode: string;
  numero: string;
}): Promise<Placement> {
  const data = {
    ...input,
    autocannonPath: AUTOCANNON,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
    runId: crypto.randomBytes(4).toString('hex'),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', LOAD_SOURCE, JSON.stringify(data)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Placement) : reject(new Error(`placement load exited ${code}`)),
    );
  });
}

type ServerInfo = {
  baseUrl: string;
  databaseUrl: string;
  gameCode: string;
  numero: string;
  closesAt: string;
  tokens: string[];
};

function startLotteryServer(): Promise<{ info: ServerInfo; stop: () => Promise<void> }> {
  // BENCH_CPU_PROF=<dir> profiles the server process (written when it stops), as the read benches do.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, 'bench/lottery-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    child.once('exit', (code) => reject(new Error(`lottery server exited with ${code} before it was ready`)));
    lines.once('line', (line) => {
      child.removeAllListeners('exit');
      const stop = () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      resolve({ info: JSON.parse(line) as ServerInfo, stop });
    });
  });
}

/** Figure 1: tickets per second through HTTP, next to pgbench's transfers per second. */
async function placementFigure(): Promise<void> {
  const server = await startLotteryServer();
  try {
    const { info } = server;
    console.log(
      `1. ticket placement: POST /lgw/tickets, ${info.tokens.length} players, autocannon in its own process with ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up; ${info.gameCode} ${info.numero} (closes ${info.closesAt})`,
    );
    const placed = await runPlacementLoad({
      url: info.baseUrl,
      tokens: info.tokens,
      gameCode: info.gameCode,
      numero: info.numero,
    });
    const perSecond = placed.ok / placed.seconds;
    const database = await openDatabase({ databaseUrl: info.databaseUrl, dataDir: null, poolSize: 2 });
    let tps: number;
    try {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM lottery_tickets WHERE status = 'open'`.execute(database.db);
      console.log(
        `   ${placed.ok} tickets placed in the measured ${placed.seconds} s (${rows[0]!.n} open tickets in all, warm-up included), ${placed.non2xx} non-2xx, ${placed.errors} errors${placed.firstNon2xx ? ` (first: ${placed.firstNon2xx})` : ''}`,
      );
      await createPgbenchAccounts(database.db);
      tps = runPgbench(info.databaseUrl, CONNECTIONS, DURATION_S);
    } finally {
      await database.close();
    }
    const ratio = perSecond / tps;
    console.log(
      `   tickets placed        ${perSecond.toFixed(0).padStart(7)} /s  p50 ${placed.p50} ms  p99 ${placed.p99} ms`,
    );
    console.log(`   pgbench transfer (${CONNECTIONS} clients) ${tps.toFixed(0).padStart(7)} tps`);
    console.log(
      `   ratio tickets / pgbench: ${ratio.toFixed(2)} (goal ≥ ${PLACEMENT_GOAL}: ${ratio >= PLACEMENT_GOAL ? 'met' : 'NOT met'})`,
    );
  } finally {
    await server.stop();
  }
}

/** Figure 2: one draw of TICKETS tickets settled, from decided to every ticket settled. */
async function settlementFigure(): Promise<void> {
  const server = await startBenchServer({}, { poolSize: 10 });
  const db = server.database.db;
  try {
    console.log(`2. settlement: one draw of ${TICKETS} tickets from ${SETTLE_PLAYERS} players`);
    const generated = Date.now();
    const draw = await generateDrawnDraw(db, { tickets: TICKETS, players: SETTLE_PLAYERS });
    console.log(`   generated in ${((Date.now() - generated) / 1000).toFixed(1)} s; load average ${load()}`);
    // The wallet's calls, timed (wall time while any is running), to show where settlement spends it.
    const seamless = server.app.services.gateway.seamless;
    const spent = { closeRounds: 0, winMany: 0 };
    const timedCall = <A, R>(name: keyof typeof spent, fn: (a: A) => Promise<R>) => {
      let running = 0;
      let since = 0;
      return async (a: A): Promise<R> => {
        if (running++ === 0) since = performance.now();
        try {
          return await fn(a);
        } finally {
          if (--running === 0) spent[name] += performance.now() - since;
        }
      };
    };
    // The settlement's own log line carries how long each of its steps took.
    let phases: Record<string, number> = {};
    const log = {
      info: (obj: { phases?: Record<string, number> }) => void (phases = obj.phases ?? phases),
      warn: (obj: unknown, msg?: string) => console.warn(msg, obj),
      error: (obj: unknown, msg?: string) => console.error(msg, obj),
    };
    const settlement = createLotterySettlement({
      db,
      log: log as unknown as Parameters<typeof createLotterySettlement>[0]['log'],
      rules: sharedLotteryRules,
      seamless: {
        ...seamless,
        closeRounds: timedCall('closeRounds', seamless.closeRounds),
        winMany: timedCall('winMany', seamless.winMany),
      },
      now: () => new Date(),
      instance: 'bench-lottery',
    });
    const started = performance.now();
    const settled = await settlement.finishDraw(draw.drawId);
    const ms = performance.now() - started;
    const perSecond = (settled / ms) * 1000;
    console.log(`   settled ${settled} tickets in ${(ms / 1000).toFixed(2)} s: ${perSecond.toFixed(0)} tickets/s`);
    console.log(
      `   of which closing the players' rounds ${(spent.closeRounds / 1000).toFixed(2)} s, paying wins ${(spent.winMany / 1000).toFixed(2)} s`,
    );
    console.log(
      `   steps (ms): ${Object.entries(phases)
        .map(([k, v]) => `${k.replace(/Ms$/, '')} ${v}`)
        .join(', ')}`,
    );
    console.log(
      `   ratio to the goal (1,000,000 tickets in ≤ ${SETTLE_GOAL_MS / 1000} s, ${SETTLE_RATE_GOAL} tickets/s): ${(perSecond / SETTLE_RATE_GOAL).toFixed(2)} (${perSecond >= SETTLE_RATE_GOAL ? 'met' : 'NOT met'})`,
    );
    await checkSettled(server.database.db, draw.drawId);
  } finally {
    await server.close();
  }
}

/** What the settled draw must show; throws on any difference. */
async function checkSettled(db: Parameters<typeof checkLedger>[0], drawId: string): Promise<void> {
  const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0]!;
  const d = await one(sql<{ status: string; cap: string | null; gross: string; paid: string; n: number }>`
    SELECT status, payout_cap_minor::text AS cap, gross_payout_minor::text AS gross, payout_minor::text AS paid, ticket_count AS n FROM lottery_draws WHERE id = ${drawId}`);
  const t = await one(sql<{ open: number; won: number; lost: number }>`
    SELECT count(*) FILTER (WHERE status IN ('pending', 'open'))::int AS open, count(*) FILTER (WHERE status = 'won')::int AS won, count(*) FILTER (WHERE status = 'lost')::int AS lost
    FROM lottery_tickets WHERE draw_id = ${drawId}`);
  const r = await one(sql<{ open: number; wins: number; paid: string }>`
    SELECT count(*) FILTER (WHERE g.status <> 'settled')::int AS open,
      (SELECT count(*)::int FROM round_bets b JOIN lottery_tickets x ON b.vassalage = 'ILE' AND b.vendor_tx_id = 'lt-' || x.id || '-win' WHERE x.draw_id = ${drawId}) AS wins,
      coalesce(sum(g.total_win), 0)::text AS paid
    FROM game_rounds g WHERE g.vassalage = 'ILE' AND g.round_id IN (SELECT DISTINCT 'ld-' || draw_id || '-' || member_id FROM lottery_tickets WHERE draw_id = ${drawId})`);
  console.log(
    `   draw ${d.status}: ${t.won} won, ${t.lost} lost; gross ${d.gross}, cap ${d.cap ?? 'none'}, paid ${d.paid} (rounds' wins ${r.paid}); ${r.wins} win rows`,
  );
  const problems: string[] = [];
  if (d.status !== 'settled' || t.open !== 0) problems.push(`draw ${d.status} with ${t.open} tickets still open`);
  if (r.open !== 0) problems.push(`${r.open} rounds still open`);
  if (r.wins !== t.won) problems.push(`${r.wins} win rows for ${t.won} winning tickets`);
  if (r.paid !== d.paid) problems.push(`rounds won ${r.paid}, the draw paid ${d.paid}`);
  if (d.cap !== null && BigInt(d.paid) > BigInt(d.cap)) problems.push(`paid ${d.paid} over the cap ${d.cap}`);
  const ledger = await checkLedger(db);
  if (!ledger.ok) problems.push(`ledger: ${ledger.problems.slice(0, 5).join('; ')}`);
  console.log(
    `   checks: ${problems.length ? `FAILED: ${problems.join('; ')}` : 'ok (no ticket or round open, one win per winner, within the cap, ledger balanced)'}`,
  );
  if (problems.length) process.exitCode = 1;
}

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
    throw new Error('bench:lottery needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  requirePgbench();
  console.log(`lottery bench: PostgreSQL, node ${process.version}, ${os.cpus().length} cores, load average ${load()}`);
  if (ONLY !== 'settlement') await placementFigure();
  if (ONLY !== 'placement') await settlementFigure();
  // 3. Live result delivery to 10,000 pages: bench/lottery-live.bench.ts, next in npm run bench:lottery.
  console.log(`load average at the end: ${load()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
