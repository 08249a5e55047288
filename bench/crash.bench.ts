// Crash under a full round: BENCH_CRASH_CLIENTS (10,000) live pages in client processes of their own
// (bench/crash-clients.ts), BENCH_CRASH_BETS (2,000) bets in the betting window and cash-outs by hand
// at BENCH_CRASH_RATE (1,000) a second during the flight from a players' process
// (bench/crash-load.ts), all through the real HTTP API of the app, which runs in this process over a
// scratch PostgreSQL database with its round driver turning. Printed:
//  - ticks: the delay from the server writing a flight's tick (its clock is in the event) to a page
//    reading it, p50/p99 over every page and tick of the flight; baseline: the same pages on a bare
//    Node server sending a bare tick at the same pace, in the same run; goal p99 ≤ 100 ms;
//  - cash-outs: the answer's p50/p99 at that pace; baseline: GET /healthz of the same app at the same
//    pace from the same process; goal p99 < 50 ms;
//  - settlement: from the bust (as the round records it) until the last bet of the round is settled
//    in the ledger (settled_at of its win), both on the database's clock; goal < 1 s;
//  - ledger:check on the database at the end.
// The round's crash point is set by the bench (BENCH_CRASH_POINT, 3.00×, at CRASH_SPEED 4: a
// 4.6 s flight) so a flight is long enough to take the cash-outs; a drawn one could bust at 1.00×.
// Of the bets, BENCH_CRASH_AUTO (250) have an automatic cash-out at 1.50× (paid by the server with
// the player away), BENCH_CRASH_CASHOUTS (1,500) cash out by hand, the rest are lost at the bust.
// Run: npm run bench:crash (BENCH_DATABASE_URL or TEST_DATABASE_URL). The pages need about 20,000
// descriptors between the processes: the script raises `ulimit -n` to 65536 where it may.
// BENCH_CRASH_LIVE_PROCESSES (2, production's default CRASH_LIVE_PROCESSES): the server's stream
// processes holding the pages (0: the server's own process writes them).
// BENCH_CPU_PROF=1 writes a CPU profile of this process (the server) from the round's opening to its settlement.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { CRASH_GROWTH_PER_MS, crashBustMs } from '@wps/shared/originals/crash';
import { startCrashDriver } from '../apps/server/src/jobs/crash-driver.job';
import { CRASH_TICK_MS } from '../apps/server/src/modules/inhouse/crash/crash-live';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check';
import { startBenchServer } from './bench-server';
import { startLineChild, type LineChild } from './child-lines';
import { cpuProfileDir, startCpuProfile } from './cpu-profile';
import { openInhousePlayers } from './inhouse-players';
import { formatSummaries } from './profile-summary';

const CLIENTS = Number(process.env.BENCH_CRASH_CLIENTS ?? 10_000);
const CLIENT_PROCS = Number(process.env.BENCH_CRASH_CLIENT_PROCS ?? 2);
const BETS = Number(process.env.BENCH_CRASH_BETS ?? 2000);
const AUTO = Number(process.env.BENCH_CRASH_AUTO ?? 250);
const CASHOUTS = Number(process.env.BENCH_CRASH_CASHOUTS ?? 1500);
const RATE = Number(process.env.BENCH_CRASH_RATE ?? 1000);
const CRASH_POINT = Number(process.env.BENCH_CRASH_POINT ?? 300);
/** Stream processes holding the pages (CRASH_LIVE_PROCESSES; production's default). */
const LIVE_PROCESSES = Number(process.env.BENCH_CRASH_LIVE_PROCESSES ?? 2);
const SPEED = 4;
const BETTING_MS = 6000;
const AUTO_AT = 150;
const TICK_GOAL_MS = 100;
const CASHOUT_GOAL_MS = 50;
const SETTLE_GOAL_MS = 1000;

type Delays = { events: number; p50: number; p99: number; max: number; open: number };
type Answers = { ok: number; codes: Record<string, number>; p50: number; p99: number; max: number };

const ms = (v: number) => `${v.toFixed(1)} ms`;
const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The pages, split over CLIENT_PROCS processes, on `url`. */
async function openPages(url: string): Promise<LineChild[]> {
  const procs = Array.from({ length: CLIENT_PROCS }, (_, i) =>
    startLineChild('crash-clients.ts', [url], {
      BENCH_CRASH_CLIENTS: String(Math.floor(CLIENTS / CLIENT_PROCS) + (i < CLIENTS % CLIENT_PROCS ? 1 : 0)),
    }),
  );
  const ready = await Promise.all(procs.map((p) => p.next<{ ready: number }>()));
  const open = ready.reduce((n, r) => n + r.ready, 0);
  if (open !== CLIENTS) throw new Error(`only ${open} of ${CLIENTS} streams opened`);
  return procs;
}

/** Every page's delays since the last reset, merged (p50/p99 of the processes' own: the larger). */
async function report(procs: LineChild[]): Promise<Delays> {
  for (const p of procs) p.send('report');
  const parts = await Promise.all(procs.map((p) => p.next<Delays>()));
  return {
    events: parts.reduce((n, d) => n + d.events, 0),
    p50: Math.max(...parts.map((d) => d.p50)),
    p99: Math.max(...parts.map((d) => d.p99)),
    max: Math.max(...parts.map((d) => d.max)),
    open: parts.reduce((n, d) => n + d.open, 0),
  };
}

/** The baseline: the same pages on a bare Node server writing `{"at":…}` at the app's tick pace for `flightMs`. */
async function bareTicks(flightMs: number): Promise<Delays> {
  const clients = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(`event: state\ndata: {}\n\n`);
    clients.add(res);
    res.on('close', () => clients.delete(res));
  });
  server.maxConnections = CLIENTS + 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const pages = await openPages(`http://127.0.0.1:${port}/live`);
  let seq = 0;
  const timer = setInterval(() => {
    const text = `event: tick\ndata: {"seq":${++seq},"at":${Date.now()},"m":100}\n\n`;
    for (const res of clients) res.write(text);
  }, CRASH_TICK_MS);
  for (const p of pages) p.send('reset');
  await sleep(flightMs);
  clearInterval(timer);
  const delays = await report(pages);
  await Promise.all(pages.map((p) => p.stop()));
  await new Promise((resolve) => server.close(resolve));
  return delays;
}

async function main(): Promise<void> {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (!process.env.TEST_DATABASE_URL) {
    console.log('crash bench: PostgreSQL only (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const growth = CRASH_GROWTH_PER_MS * SPEED;
  const flightMs = crashBustMs(CRASH_POINT, growth);
  console.log(
    `crash bench: node ${process.version}, ${os.cpus().length} cores, load average ${loadAverage()} at the start`,
  );
  const baseline = await bareTicks(flightMs);

  // Every page comes from this machine's one address: the per-address bound is lifted.
  const server = await startBenchServer(
    {
      nodeEnv: 'production',
      lotteryLive: { maxStreams: CLIENTS + 10, perIp: CLIENTS + 10 },
      crashLiveProcesses: LIVE_PROCESSES,
    },
    { poolSize: 20 },
  );
  const db = server.database.db;
  const pages: LineChild[] = [];
  let load: LineChild | undefined;
  let stopDriver: (() => Promise<void>) | undefined;
  try {
    const players = await openInhousePlayers(server, BETS, 'inhouse-crash');
    const file = path.join(os.tmpdir(), `wps-crash-players-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify(players.map((p, i) => ({ ...p, auto: i >= BETS - AUTO ? AUTO_AT : null }))));
    load = startLineChild('crash-load.ts', [server.baseUrl, file]);
    await load.next();
    pages.push(...(await openPages(`${server.baseUrl}/wps/inhouse/crash/live`)));

    const driver = server.app.services.inhouse.crash.createDriver('bench', {
      chainLength: 10_000,
      bettingMs: BETTING_MS,
      speed: SPEED,
      pauseMs: 500,
    });
    stopDriver = startCrashDriver(driver, { warn: (o: unknown, m?: string) => console.error(m, o) });
    // The first round: its crash point set for the bench before any bet (see the header).
    let roundId: string | undefined;
    for (let i = 0; i < 600 && !roundId; i++) {
      const { rows } = await sql<{
        id: string;
      }>`UPDATE crash_rounds SET crash_hundredths = ${CRASH_POINT} WHERE phase = 'betting' RETURNING id`.execute(db);
      roundId = rows[0]?.id;
      if (!roundId) await sleep(50);
    }
    if (!roundId) throw new Error('no round opened');
    const opened = Date.now();
    const profileDir = cpuProfileDir();
    const stopProfile = profileDir ? await startCpuProfile(profileDir) : undefined;
    load.send(`bets ${BETTING_MS - 1500}`);
    const bets = await load.next<Answers>();
    const betsDoneMs = Date.now() - opened;

    // The flight: cash-outs by hand from 300 ms in, the pages' delays from its start to the bust.
    for (;;) {
      const { rows } = await sql<{ phase: string }>`SELECT phase FROM crash_rounds WHERE id = ${roundId}`.execute(db);
      if (rows[0]!.phase !== 'betting') break;
      await sleep(10);
    }
    for (const p of pages) p.send('reset');
    await sleep(300);
    load.send(`cashouts 0 ${CASHOUTS} ${RATE}`);
    const cashouts = await load.next<Answers>();
    let busted: { busted_at: Date } | undefined;
    for (; !busted; await sleep(10)) {
      const { rows } = await sql<{
        busted_at: Date;
      }>`SELECT busted_at FROM crash_rounds WHERE id = ${roundId} AND phase = 'busted'`.execute(db);
      busted = rows[0];
    }
    const ticks = await report(pages);
    // Settled: every bet of the round has its money step confirmed.
    let settled: { unsettled: number; settle_ms: number | null; bets: number } | undefined;
    for (let i = 0; i < 3000; i++) {
      const { rows } = await sql<{ unsettled: number; settle_ms: number | null; bets: number }>`
        SELECT count(*) FILTER (WHERE b.settled_at IS NULL AND b.status IN ('flying', 'cashed', 'lost'))::int AS unsettled,
               count(*)::int AS bets,
               (extract(epoch FROM max(b.settled_at) - r.busted_at) * 1000)::float8 AS settle_ms
        FROM crash_bets b JOIN crash_rounds r ON r.id = b.round_id
        WHERE b.round_id = ${roundId} GROUP BY r.busted_at`.execute(db);
      settled = rows[0];
      if (settled && settled.unsettled === 0) break;
      await sleep(10);
    }
    const profile = stopProfile ? await stopProfile('crash-flight') : undefined;
    load.send(`get /healthz ${CASHOUTS} ${RATE}`);
    const bare = await load.next<Answers>();
    const { rows: outcome } = await sql<{ status: string; n: number }>`
      SELECT status, count(*)::int AS n FROM crash_bets WHERE round_id = ${roundId} GROUP BY status ORDER BY status`.execute(
      db,
    );
    const ledger = await checkLedger(db);

    console.log(
      `crash round (${server.databaseKind}, ${CLIENTS} pages in ${CLIENT_PROCS} processes held by ${LIVE_PROCESSES} stream processes of the server, ${BETS} bets in a ${BETTING_MS} ms window, flight to ${(CRASH_POINT / 100).toFixed(2)}× in ${ms(flightMs)}), load average ${loadAverage()} at the end`,
    );
    console.log(
      `  bets:        ${bets.ok}/${BETS} taken in ${ms(betsDoneMs)} of the window, answer p50 ${ms(bets.p50)}, p99 ${ms(bets.p99)} ${JSON.stringify(bets.codes)}`,
    );
    console.log(
      `  ticks:       ${ticks.events} events to ${ticks.open} pages, delay p50 ${ms(ticks.p50)}, p99 ${ms(ticks.p99)}, max ${ms(ticks.max)}; baseline bare server p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)} (${baseline.events} events); ratio p99 ${(ticks.p99 / baseline.p99).toFixed(2)}; goal p99 ≤ ${TICK_GOAL_MS} ms: ${ticks.p99 <= TICK_GOAL_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  cash-outs:   ${cashouts.ok}/${CASHOUTS} at ${RATE}/s, answer p50 ${ms(cashouts.p50)}, p99 ${ms(cashouts.p99)}, max ${ms(cashouts.max)} ${JSON.stringify(cashouts.codes)}; baseline GET /healthz at the same pace p50 ${ms(bare.p50)}, p99 ${ms(bare.p99)}; ratio p99 ${(cashouts.p99 / bare.p99).toFixed(1)}; goal p99 < ${CASHOUT_GOAL_MS} ms: ${cashouts.p99 < CASHOUT_GOAL_MS ? 'met' : 'NOT met'}`,
    );
    const settleMs = settled?.settle_ms ?? NaN;
    console.log(
      `  settlement:  ${settled?.bets ?? 0} bets (${outcome.map((o) => `${o.n} ${o.status}`).join(', ')}), ${settled?.unsettled ?? '?'} unsettled; bust → last bet settled ${ms(settleMs)}; goal < ${SETTLE_GOAL_MS} ms: ${settleMs < SETTLE_GOAL_MS ? 'met' : 'NOT met'}`,
    );
    console.log(`  ledger:check ${ledger.ok ? 'passed' : `FAILED: ${ledger.problems.slice(0, 5).join('; ')}`}`);
    if (profile) {
      console.log(
        `  CPU profile of the server (this process) from the round's opening to its settlement: ${profile.file}`,
      );
      // units 1000: the table's "µs per unit" reads as ms of CPU over the window.
      for (const line of formatSummaries([{ name: 'ms', profiles: [profile.profile], units: 1000 }]))
        console.log(`    ${line}`);
    }
    fs.rmSync(file, { force: true });
  } finally {
    await stopDriver?.();
    await Promise.all(pages.map((p) => p.stop()));
    await load?.stop();
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
