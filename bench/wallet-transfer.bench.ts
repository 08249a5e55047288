// Main-wallet transfers per second through the ledger service, next to a bare single-statement
// `UPDATE … SET balance = balance - 1` loop over the same pool in the same run (goal: ratio ≥ 0.3),
// plus the p99 latency of GET /wps/v2/wallets/balance through a real listening server.
// Run: npx tsx bench/wallet-transfer.bench.ts   (PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, else in-memory PGlite; BENCH_DURATION_MS, BENCH_CONCURRENCY to change)
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { startBenchServer } from './bench-server';
import { fetchRsaKey, registerMember, uniqueUsername } from './bench-client';
import { quantile, runLoad } from './http-load';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const GOAL = 0.3;

type Timed = { operations: number; perSecond: number; p50Ms: number; p99Ms: number; errors: number };

/** Run `op` from `concurrency` workers for the duration (after a warm-up), worker i using slot i. */
async function measure(concurrency: number, op: (worker: number, seq: number) => Promise<void>): Promise<Timed> {
  const latencies: number[] = [];
  let errors = 0;
  let seq = 0;
  const run = async (until: number, record: boolean) => {
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        while (Date.now() < until) {
          const started = performance.now();
          try {
            await op(worker, seq++);
            if (record) latencies.push(performance.now() - started);
          } catch {
            if (record) errors++;
          }
        }
      }),
    );
  };
  await run(Date.now() + WARMUP_MS, false);
  const t0 = performance.now();
  await run(Date.now() + DURATION_MS, true);
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    operations: latencies.length,
    perSecond: latencies.length / seconds,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    errors,
  };
}

function describe(name: string, r: Timed): string {
  return `${name.padEnd(34)} ${r.perSecond.toFixed(0).padStart(7)} /s  p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms  (${r.operations} ops, ${r.errors} errors)`;
}

async function main() {
  const server = await startBenchServer();
  const { ledger } = server.app.services;
  const db = server.database.db;
  try {
    console.log(
      `wallet-transfer bench: ${server.databaseKind}, concurrency ${CONCURRENCY}, ${DURATION_MS} ms after ${WARMUP_MS} ms warm-up, node ${process.version}`,
    );
    const currency = await ledger.getOperatorCurrency();
    // One pair of wallets per worker, so both measurements see the same (absent) row contention.
    const pairs: { from: string; to: string }[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const fromMember = String(9_000_000 + i * 2);
      const toMember = String(9_000_001 + i * 2);
      const from = await ledger.ensurePlayerWallet(db, fromMember, currency);
      const to = await ledger.ensurePlayerWallet(db, toMember, currency);
      await ledger.creditPlayerFromSystem({
        systemAccount: 'demo_bank',
        memberId: fromMember,
        amountMinor: 10n ** 12n,
        kind: 'adjustment',
        idempotencyKey: `bench-fund:${fromMember}`,
      });
      pairs.push({ from, to });
    }
    const run = crypto.randomBytes(4).toString('hex');
    const transfers = await measure(CONCURRENCY, async (worker, seq) => {
      const pair = pairs[worker]!;
      await ledger.postTransaction({
        kind: 'transfer_upline',
        idempotencyKey: `bench-transfer:${run}:${seq}`,
        entries: [
          { accountId: pair.from, amountMinor: -1n },
          { accountId: pair.to, amountMinor: 1n },
        ],
      });
    });

    // The baseline: the cheapest possible balance change, one autocommitted statement per op.
    await sql`CREATE TABLE bench_wallets (id int PRIMARY KEY, balance bigint NOT NULL)`.execute(db);
    await sql`INSERT INTO bench_wallets SELECT g, 1000000000000 FROM generate_series(0, ${CONCURRENCY - 1}) g`.execute(
      db,
    );
    const updates = await measure(CONCURRENCY, async (worker) => {
      await sql`UPDATE bench_wallets SET balance = balance - 1 WHERE id = ${worker}`.execute(db);
    });

    console.log(describe('ledger transfer (postTransaction)', transfers));
    console.log(describe('UPDATE balance = balance - 1', updates));
    if (transfers.errors > 0 || updates.errors > 0) throw new Error('errors during the measurement');
    const ratio = transfers.perSecond / updates.perSecond;
    console.log(
      `ratio ledger transfer / bare UPDATE: ${ratio.toFixed(2)} (goal ≥ ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'})`,
    );

    const check = await import('../apps/server/src/modules/ledger/ledger-check').then((m) => m.checkLedger(db));
    if (!check.ok) throw new Error(`ledger check failed after the bench: ${check.problems.join('; ')}`);

    const key = await fetchRsaKey(server.baseUrl);
    const token = await registerMember(server.baseUrl, key, uniqueUsername('bench'), 'Bench7pass9word');
    const balance = await runLoad({
      concurrency: 32,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
      url: `${server.baseUrl}/wps/v2/wallets/balance`,
      headers: { authorization: token },
    });
    if (balance.errors > 0)
      throw new Error(`non-200 answers from the balance call: ${JSON.stringify(balance.statuses)}`);
    console.log(
      `GET /wps/v2/wallets/balance (concurrency 32): ${balance.requestsPerSecond.toFixed(0)} req/s  p50 ${balance.p50Ms.toFixed(2)} ms  p99 ${balance.p99Ms.toFixed(2)} ms`,
    );
  } finally {
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
