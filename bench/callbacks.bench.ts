// Seamless-wallet callbacks per second through the signed HTTP callback API (bet then win, each
// round closed by its win) with 50 concurrent players from a load process of their own, with the rewards
// engine off and on in turns (its round trigger and consumers, rules live on rounds; goal: on ≥ 0.9 × off), next to a pgbench two-account transfer
// (debit one row, credit another) on the same PostgreSQL database in the same run. Goal: ratio
// ≥ 0.35; bet callback p99 < 50 ms.
// Run: npx tsx bench/callbacks.bench.ts  (needs BENCH_DATABASE_URL or TEST_DATABASE_URL, and
// pgbench; BENCH_DURATION_MS, BENCH_PLAYERS, BENCH_PAIRS to change; BENCH_WITHOUT_REPORTING=1 without the reporting trigger)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { insertMember } from '../apps/server/src/modules/member/member.repository';
import { SANDBOX_SEAMLESS } from '../apps/server/src/modules/gateway/gateway.service';
import { vendorCallbackPath, vendorSignatureHeaders } from '../apps/server/src/modules/gateway/vendor-signature';
import { startBenchServer } from './bench-server';
import { createPgbenchAccounts, requirePgbench, runPgbench } from './pgbench';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? PLAYERS);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const RATIO_GOAL = 0.35;
const P99_GOAL_MS = 50;

type PlayerSession = { playerId: string; sessionToken: string };
type LoadResult = {
  warmupCallbacks: number;
  callbacks: number;
  bets: number;
  errors: number;
  firstError?: string;
  seconds: number;
  betLatencies: number[];
  winLatencies: number[];
};

// Each player of the load process loops: bet (new round) → win (closes it). Bodies are signed per request,
// as a vendor would, so the measurement includes HMAC checking of the raw bytes.
const LOAD_SOURCE = `
const http = require('node:http');
const crypto = require('node:crypto');
const { baseUrl, vendor, secret, players, durationMs, warmupMs, runId } = JSON.parse(process.argv[1]);
const target = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: players.length });

function post(op, body) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  // docs/vendor-api.md "Signing": the signature covers the method, the callback's path and the body.
  const sig = crypto.createHmac('sha256', secret).update(ts + '.POST./vendor/' + vendor + '/' + op + '.').update(raw).digest('hex');
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: target.hostname, port: target.port, path: '/vendor/' + vendor + '/' + op, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), 'x-wps-timestamp': ts, 'x-wps-signature': sig } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - t0) / 1e6, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (err) => resolve({ status: 0, ms: 0, body: String(err) }));
    req.end(raw);
  });
}

let seq = 0;
async function phase(ms, record) {
  const deadline = Date.now() + ms;
  const s = { callbacks: 0, bets: 0, errors: 0, firstError: undefined, betLatencies: [], winLatencies: [] };
  await Promise.all(players.map(async (p) => {
    while (Date.now() < deadline) {
      const n = seq++;
      const roundId = 'r-' + runId + '-' + n;
      const betTx = 'b-' + runId + '-' + n;
      const bet = await post('bet', { playerId: p.playerId, sessionToken: p.sessionToken, transactionId: betTx, roundId, gameId: 'SBX-slot-01', amountMinor: '100' });
      const win = bet.status === 200
        ? await post('win', { playerId: p.playerId, transactionId: 'w-' + runId + '-' + n, roundId, betTransactionId: betTx, amountMinor: String((n % 3) * 100), roundClosed: true })
        : undefined;
      if (!record) { s.callbacks += win ? 2 : 1; continue; }
      for (const r of win ? [bet, win] : [bet]) {
        s.callbacks++;
        if (r.status !== 200) { s.errors++; if (!s.firstError) s.firstError = r.status + ' ' + r.body.slice(0, 300); }
      }
      s.bets++;
      s.betLatencies.push(bet.ms);
      if (win) s.winLatencies.push(win.ms);
    }
  }));
  return s;
}

(async () => {
  const warmup = await phase(warmupMs, false);
  const t0 = process.hrtime.bigint();
  const s = await phase(durationMs, true);
  s.seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  s.warmupCallbacks = warmup.callbacks;
  agent.destroy();
  process.stdout.write(JSON.stringify(s));
})().catch((err) => { console.error(err); process.exit(1); });
`;

/** One load run from a process of its own (never inside the measured server's process). */
function runCallbackLoad(input: { baseUrl: string; secret: string; players: PlayerSession[] }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const data = {
      ...input,
      vendor: SANDBOX_SEAMLESS,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
      runId: crypto.randomBytes(4).toString('hex'),
    };
    const child = spawn(process.execPath, ['-e', LOAD_SOURCE, JSON.stringify(data)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`callback load exited ${code}`)),
    );
  });
}

function pick(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

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
    const secret = crypto.randomBytes(24).toString('hex');
    await app.services.gateway.configureAdapter({
      vassalage: SANDBOX_SEAMLESS,
      walletModel: 'seamless',
      launchUrl: 'http://127.0.0.1:9/play',
      apiUrl: null,
      secret,
      requestTimeoutMs: 5000,
    });

    // Players: a member row, a funded wallet, and a vendor session from a real launch + signed authenticate.
    const players: PlayerSession[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const memberId = await insertMember(db, {
        account: `cb${crypto.randomBytes(5).toString('hex')}`,
        nickname: null,
        type: 3,
        passwordHash: 'bench-no-login',
        paymentPasswordHash: null,
        dialingCode: null,
        mobile: null,
        email: null,
        payeeName: null,
        qq: null,
        line: null,
        whatsapp: null,
        zalo: null,
        facebook: null,
        wechat: null,
        idNumber: null,
        language: 'EN',
        uplineId: null,
        referrerId: null,
        registerDomain: null,
        registerIp: null,
        mustChangePassword: false,
        now: new Date(),
        lastLoginAt: null,
      });
      await app.services.ledger.creditPlayerFromSystem({
        systemAccount: 'demo_bank',
        memberId,
        amountMinor: 10n ** 12n,
        kind: 'adjustment',
        idempotencyKey: `bench-cb-fund:${memberId}`,
      });
      // A game session lives with the login session that launched it.
      const { sessionId } = await app.services.session.createSession(db, { memberId });
      const launch = await app.services.gateway.launchGame(
        { memberId, type: 3, sessionId },
        { nodeId: 'SBX-slot-01', vassalage: SANDBOX_SEAMLESS },
        'en',
      );
      const launchToken = new URL(launch.game_url).searchParams.get('token')!;
      const raw = JSON.stringify({ launchToken });
      const res = await fetch(`${server.baseUrl}/vendor/${SANDBOX_SEAMLESS}/authenticate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...vendorSignatureHeaders(secret, {
            method: 'POST',
            path: vendorCallbackPath(SANDBOX_SEAMLESS, 'authenticate'),
            rawBody: raw,
          }),
        },
        body: raw,
      });
      const body = (await res.json()) as { value: { sessionToken: string } };
      players.push({ playerId: memberId, sessionToken: body.value.sessionToken });
    }

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
    const offRuns: LoadResult[] = [];
    // The server process's CPU over each run (warm-up included; the engine's catch-up after an on run too).
    const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
    let cpuOff = 0;
    let cpuOn = 0;
    const onRuns: LoadResult[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      await sql`ALTER TABLE game_rounds DISABLE TRIGGER reward_events_game_rounds`.execute(db);
      let cpu = process.cpuUsage();
      const off = await runCallbackLoad({ baseUrl: server.baseUrl, secret, players });
      cpuOff += cpuMs(process.cpuUsage(cpu));
      if (off.errors > 0) throw new Error(`callback errors (engine off): ${off.errors} (first: ${off.firstError})`);
      offRuns.push(off);
      await sql`ALTER TABLE game_rounds ENABLE TRIGGER reward_events_game_rounds`.execute(db);
      cpu = process.cpuUsage();
      app.services.rewardEvents.start();
      const on = await runCallbackLoad({ baseUrl: server.baseUrl, secret, players });
      await app.services.rewardEvents.drain();
      await app.services.rewardEvents.stop();
      cpuOn += cpuMs(process.cpuUsage(cpu));
      if (on.errors > 0) throw new Error(`callback errors: ${on.errors} (first: ${on.firstError})`);
      onRuns.push(on);
      console.log(
        `  pair ${pair + 1}: engine off ${(off.callbacks / off.seconds).toFixed(0)} /s, on ${(on.callbacks / on.seconds).toFixed(0)} /s`,
      );
    }
    const rate = (runs: LoadResult[]) =>
      runs.reduce((n, r) => n + r.callbacks, 0) / runs.reduce((n, r) => n + r.seconds, 0);
    const perSecond = rate(onRuns);
    const offPerSecond = rate(offRuns);
    const load = {
      callbacks: onRuns.reduce((n, r) => n + r.callbacks, 0),
      bets: onRuns.reduce((n, r) => n + r.bets, 0),
    };
    const off = { callbacks: offRuns.reduce((n, r) => n + r.callbacks, 0) };
    const bets = onRuns.flatMap((r) => r.betLatencies).sort((a, b) => a - b);
    const wins = onRuns.flatMap((r) => r.winLatencies).sort((a, b) => a - b);

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
    const tps = runPgbench(url.toString(), PLAYERS, DURATION_MS / 1000);

    const ratio = perSecond / tps;
    console.log(
      `seamless callbacks, rewards engine off         ${offPerSecond.toFixed(0).padStart(7)} /s  (${off.callbacks} callbacks)`,
    );
    console.log(
      `seamless callbacks (bet + win, signed HTTP)  ${perSecond.toFixed(0).padStart(7)} /s  (${load.callbacks} callbacks, ${load.bets} rounds; rewards engine on)`,
    );
    console.log(
      `rewards engine on / off: ${(perSecond / offPerSecond).toFixed(2)} (goal ≥ 0.90: ${perSecond / offPerSecond >= 0.9 ? 'met' : 'NOT met'})`,
    );
    const callsOf = (runs: LoadResult[]) => runs.reduce((n, r) => n + r.callbacks + r.warmupCallbacks, 0);
    console.log(
      `  server process CPU per callback (warm-up included): engine off ${((cpuOff * 1000) / callsOf(offRuns)).toFixed(0)} µs, on ${((cpuOn * 1000) / callsOf(onRuns)).toFixed(0)} µs`,
    );
    console.log(`  bet callback   p50 ${pick(bets, 0.5).toFixed(2)} ms  p99 ${pick(bets, 0.99).toFixed(2)} ms`);
    console.log(`  win callback   p50 ${pick(wins, 0.5).toFixed(2)} ms  p99 ${pick(wins, 0.99).toFixed(2)} ms`);
    console.log(`pgbench two-account transfer (${PLAYERS} clients) ${tps.toFixed(0).padStart(7)} tps`);
    console.log(
      `ratio callbacks / pgbench: ${ratio.toFixed(2)} (goal ≥ ${RATIO_GOAL}: ${ratio >= RATIO_GOAL ? 'met' : 'NOT met'})`,
    );
    console.log(
      `bet callback p99: ${pick(bets, 0.99).toFixed(2)} ms (goal < ${P99_GOAL_MS} ms: ${pick(bets, 0.99) < P99_GOAL_MS ? 'met' : 'NOT met'})`,
    );
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
