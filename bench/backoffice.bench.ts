// The back office at scale: player search by each key, the player page's queries, the dashboard's
// aggregates (today and 30 days) and a keyset ledger listing deep into one player's history, on a
// scratch PostgreSQL database seeded with COPY (apps/server/test/backoffice-seed.ts). Goals: search and player
// page p99 < 50 ms; dashboard p99 < 500 ms. Figures and goals are printed, never asserted.
// Run: npm run bench:backoffice  (needs BENCH_DATABASE_URL or TEST_DATABASE_URL; BENCH_SCALE=0.05
// for a quick run, default 1 = 1,000,000 members, 5,000,000 rounds, 12,400,000 ledger entries;
// BENCH_ITERATIONS per measured call, default 200; BENCH_KEEP=1 keeps the database)
import crypto from 'node:crypto';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemoOperator } from '../apps/server/src/db/seed';
import { buildApp } from '../apps/server/src/app';
import { createScratchPostgres } from '../apps/server/test/test-app';
import { seedBackoffice } from '../apps/server/test/backoffice-seed';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const HOUR = 3_600_000;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

type Figure = { name: string; p50: number; p99: number; goalMs: number };

async function measure(
  name: string,
  goalMs: number,
  iterations: number,
  fn: (i: number) => Promise<unknown>,
): Promise<Figure> {
  for (let i = 0; i < Math.min(5, iterations); i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const f = { name, p50: quantile(times, 0.5), p99: quantile(times, 0.99), goalMs };
  console.log(
    `${name.padEnd(44)} p50 ${f.p50.toFixed(2).padStart(8)} ms  p99 ${f.p99.toFixed(2).padStart(8)} ms  (goal p99 < ${goalMs} ms: ${f.p99 < goalMs ? 'met' : 'NOT met'})`,
  );
  return f;
}

async function main(): Promise<void> {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      'backoffice bench: PostgreSQL only (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server where a scratch database may be created)',
    );
    return;
  }
  const scratch = await createScratchPostgres();
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 10 });
  try {
    await runMigrations(database);
    await seedDemoOperator(database.db);
    console.log(
      `backoffice bench: PostgreSQL, scale ${SCALE}, ${ITERATIONS} iterations per call, node ${process.version}`,
    );
    console.log('seeding with COPY:');
    const t0 = Date.now();
    const seed = await seedBackoffice(scratch.url, SCALE, (line) => console.log(line));
    console.log(
      `seeded ${seed.members.toLocaleString('en')} members, ${seed.rounds.toLocaleString('en')} rounds, ${seed.transactions.toLocaleString('en')} ledger transactions ` +
        `(${seed.entries.toLocaleString('en')} entries) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );

    const config = {
      ...loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/wps-bench-${crypto.randomBytes(6).toString('hex')}` }),
      databaseUrl: scratch.url,
      webDist: undefined,
      nodeEnv: 'production' as const,
    };
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const { players, reporting } = app.services;
    const pick = (i: number) => seed.firstMemberId + ((i * 7919) % seed.members);
    const figures: Figure[] = [];
    try {
      console.log('player search (services.players.search, page size 20):');
      figures.push(
        await measure('search by username prefix', 50, ITERATIONS, (i) =>
          players.search({ q: `p${pick(i)}`.slice(0, 6), key: 'username', page: 1, pageSize: 20 }),
        ),
      );
      figures.push(
        await measure('search by mobile', 50, ITERATIONS, (i) =>
          players.search({
            q: `+55${String(11_900_000_000 + (pick(i) - seed.firstMemberId)).slice(0, 11)}`,
            key: 'mobile',
            page: 1,
            pageSize: 20,
          }),
        ),
      );
      figures.push(
        await measure('search by e-mail', 50, ITERATIONS, (i) =>
          players.search({ q: `P${pick(i)}@bench.example`, key: 'email', page: 1, pageSize: 20 }),
        ),
      );
      figures.push(
        await measure('search by id', 50, ITERATIONS, (i) =>
          players.search({ q: String(pick(i)), key: 'id', page: 1, pageSize: 20 }),
        ),
      );
      figures.push(
        await measure('search by bank account last 6 digits', 50, ITERATIONS, (i) =>
          players.search({
            q: String(7_000_000_000 + ((i * 7919) % seed.members) * 7).slice(-6),
            key: 'bank',
            page: 1,
            pageSize: 20,
          }),
        ),
      );

      console.log(
        `player page of a player with ${Math.round(seed.rounds / 10).toLocaleString('en')} rounds (member ${seed.heavyMemberId}):`,
      );
      const heavy = seed.heavyMemberId;
      figures.push(await measure('profile', 50, ITERATIONS, () => players.getProfile(heavy)));
      figures.push(await measure('balances', 50, ITERATIONS, () => players.getBalances(heavy)));
      figures.push(
        await measure('ledger, first page (50)', 50, ITERATIONS, () => players.listLedger(heavy, { limit: 50 })),
      );
      figures.push(
        await measure('rounds, first page (50)', 50, ITERATIONS, () => players.listRounds(heavy, { limit: 50 })),
      );
      figures.push(
        await measure('deposits, first page (50)', 50, ITERATIONS, () => players.listDeposits(heavy, { limit: 50 })),
      );
      figures.push(
        await measure('withdrawals, first page (50)', 50, ITERATIONS, () =>
          players.listWithdrawals(heavy, { limit: 50 }),
        ),
      );

      // Walk the keyset to deep pages once, then time fetching those pages again.
      const cursors: string[] = [];
      let cursor: string | null | undefined;
      for (let page = 0; page < 2000; page++) {
        const p = await players.listLedger(heavy, { limit: 50, cursor: cursor ?? undefined });
        if (!p.nextCursor) break;
        cursor = p.nextCursor;
        if (page >= 100) cursors.push(p.nextCursor);
      }
      if (cursors.length > 0) {
        figures.push(
          await measure(`ledger page beyond entry ${(101 * 50).toLocaleString('en')} (keyset)`, 50, ITERATIONS, (i) =>
            players.listLedger(heavy, { limit: 50, cursor: cursors[i % cursors.length] }),
          ),
        );
      } else {
        console.log('ledger deep pages: the player has fewer than 5,000 entries at this scale');
      }

      console.log('dashboard (services.reporting.dashboard, America/Sao_Paulo):');
      const hour = Math.floor(Date.now() / HOUR) * HOUR;
      const dayStart = hour - ((hour / HOUR + 24 - 3) % 24) * HOUR; // midnight in Sao Paulo (UTC-3)
      const q = (from: number, to: number) => ({
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        timeZone: 'America/Sao_Paulo',
      });
      figures.push(
        await measure('dashboard today', 500, Math.min(ITERATIONS, 100), () =>
          reporting.dashboard(q(dayStart, dayStart + 24 * HOUR)),
        ),
      );
      figures.push(
        await measure('dashboard last 30 days', 500, Math.min(ITERATIONS, 100), () =>
          reporting.dashboard(q(dayStart - 29 * 24 * HOUR, dayStart + 24 * HOUR)),
        ),
      );
      figures.push(
        await measure('P&L report, 30 days by day and vendor', 500, Math.min(ITERATIONS, 50), () =>
          reporting.pnl(q(dayStart - 29 * 24 * HOUR, dayStart + 24 * HOUR)),
        ),
      );
      const sample = await reporting.dashboard(q(dayStart - 29 * 24 * HOUR, dayStart + 24 * HOUR));
      console.log(
        `  (30 days: ${sample.games.rounds.toLocaleString('en')} rounds, ${sample.activePlayers.toLocaleString('en')} active players, GGR ${sample.games.ggrMinor} minor)`,
      );
    } finally {
      await app.close();
    }
    const missed = figures.filter((f) => f.p99 >= f.goalMs);
    console.log(missed.length === 0 ? 'every goal met' : `goals not met: ${missed.map((f) => f.name).join(', ')}`);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1') console.log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
