// Live result delivery: how long after a draw's change is written until the last of 10,000 open
// lottery pages has it. The real app serves GET /lgw/live over a scratch PostgreSQL database in
// this process; the pages are event streams held by bench/lottery-live-clients.ts in a process of
// its own. Each round changes a draw's status with one UPDATE from a separate connection, as the
// draws' clock or settlement on another instance would: the trigger announces it at commit, the
// server's change feed hears it and writes it to every stream. Printed per round: the delay from
// sending the write (its commit included) to the first, median, 99th-percentile and last page; the baseline is the same
// measured with a single page, in the same run; the goal (last page within 2 s) is printed, never
// asserted.
// Run: npm run bench:lottery (after the placement and settlement figures), or
// tsx bench/lottery-live.bench.ts alone (BENCH_DATABASE_URL or TEST_DATABASE_URL; BENCH_LIVE_CLIENTS
// (default 10000), BENCH_LIVE_ROUNDS (default 5))
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema';
import { openDatabase } from '../apps/server/src/db/database';
import { startBenchServer } from './bench-server';

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 5);
const GOAL_MS = 2_000;
const GAME = 'E5D-1';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wallNow = () => performance.timeOrigin + performance.now();

type Receipt = { received: number; first: number; p50: number; p99: number; last: number };

function startClients(
  baseUrl: string,
  clients: number,
): { child: ChildProcessByStdio<Writable, Readable, null>; next: () => Promise<Record<string, number>> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/lottery-live-clients.ts'), baseUrl, GAME],
    {
      env: { ...process.env, BENCH_LIVE_CLIENTS: String(clients) },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the clients process ended');
    return JSON.parse(value as string) as Record<string, number>;
  };
  return { child, next };
}

/**
 * The game's open draw. A one-minute game closes its draw 10 s before the draw time and the clock
 * opens the next one after it, so a bench started in that gap finds none: it runs the clock again
 * (the clock job does not run here) until the next is open.
 */
async function openDraw(
  db: Kysely<Database>,
  runClock: () => Promise<unknown>,
): Promise<{ id: string; numero: string }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await sql<{
      id: string;
      numero: string;
    }>`SELECT id, numero FROM lottery_draws WHERE game_code = ${GAME} AND status = 'open' ORDER BY draw_at LIMIT 1`.execute(
      db,
    );
    if (rows[0]) return rows[0];
    if (Date.now() > deadline) throw new Error(`no open ${GAME} draw after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await runClock();
  }
}

async function measure(
  baseUrl: string,
  databaseUrl: string,
  clients: number,
  rounds: number,
  runClock: () => Promise<unknown>,
): Promise<Receipt[]> {
  const { child, next } = startClients(baseUrl, clients);
  const ready = await next();
  if (ready.ready !== clients) throw new Error(`only ${ready.ready} of ${clients} streams opened`);
  // A connection of its own, as another instance's clock would write.
  const writer = await openDatabase({ databaseUrl, poolSize: 1 });
  const draw = await openDraw(writer.db, runClock);
  const receipts: Receipt[] = [];
  for (let i = 0; i < rounds; i++) {
    // Flip the draw between closed and open; each flip is one announced change.
    const status = i % 2 === 0 ? 'closed' : 'open';
    child.stdin.write(`expect ${draw.numero} ${status}\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Timed from the moment the write is sent: its own commit is inside the figure.
    const committed = wallNow();
    await sql`UPDATE lottery_draws SET status = ${status} WHERE id = ${draw.id}`.execute(writer.db);
    const r = await next();
    receipts.push({
      received: r.received!,
      first: r.first! - committed,
      p50: r.p50! - committed,
      p99: r.p99! - committed,
      last: r.last! - committed,
    });
  }
  await sql`UPDATE lottery_draws SET status = 'open' WHERE id = ${draw.id}`.execute(writer.db);
  await writer.close();
  child.stdin.write('stop\n');
  await new Promise((resolve) => child.on('exit', resolve));
  return receipts;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main(): Promise<void> {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (!process.env.TEST_DATABASE_URL) {
    console.log('lottery live bench: PostgreSQL only (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  // The pages all come from this machine's one address: the per-address bound is lifted.
  const server = await startBenchServer({
    nodeEnv: 'production',
    lotteryLive: { maxStreams: CLIENTS + 10, perIp: CLIENTS + 10 },
  });
  try {
    // The draws exist (planned and opened) as the clock job would leave them; the job itself does not run here.
    await server.app.services.lottery.runClock();
    const runClock = () => server.app.services.lottery.runClock();
    const single = await measure(server.baseUrl, server.databaseUrl!, 1, ROUNDS, runClock);
    const many = await measure(server.baseUrl, server.databaseUrl!, CLIENTS, ROUNDS, runClock);
    const median = (rs: Receipt[], k: keyof Receipt) =>
      [...rs.map((r) => r[k])].sort((a, b) => a - b)[Math.floor(rs.length / 2)]!;
    console.log(`lottery live delivery (${server.databaseKind}, ${ROUNDS} rounds, medians over rounds)`);
    console.log(`  baseline, 1 page:      last ${ms(median(single, 'last'))}`);
    for (const [i, r] of many.entries()) {
      console.log(
        `  round ${i + 1}, ${r.received}/${CLIENTS} pages: first ${ms(r.first)}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, last ${ms(r.last)}`,
      );
    }
    const last = median(many, 'last');
    console.log(
      `  ${CLIENTS} pages:          last ${ms(last)} (${(last / median(single, 'last')).toFixed(1)}× the single page; goal ≤ ${GOAL_MS} ms: ${last <= GOAL_MS ? 'met' : 'NOT met'}, ${(last / GOAL_MS).toFixed(2)} of the goal)`,
    );
    if (many.some((r) => r.received < CLIENTS)) console.log('  some pages missed a change: see the rounds above');
  } finally {
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
