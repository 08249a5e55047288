// `npm run soak [-- --quick | --minutes N] [--rate R] [--callback-rate C]`: a realistic mix for a set
// time (default 30 minutes, --quick 5) against two app servers behind HAProxy (round-robin, no
// retries: a request that met a dead instance fails as a client would see it), with faults on a
// schedule proportional to the duration, then every acknowledged money answer reckoned against
// the ledger. Makes its own PostgreSQL cluster `soak` (port 5471; the CI cluster is never touched),
// migrates and seeds it through the app (a seamless vendor, funded players with game sessions,
// registered players, a support operator), starts the servers (5481, 5482), HAProxy (5480) and two
// load processes: the failover drill's vendor (signed seamless bets and wins, every answer
// recorded) and soak-load.ts (logins, lobby reads, back-office reads at a fixed rate). Faults: at
// 30 % instance A is killed with SIGKILL and started again; at 55 % the cluster is restarted; at
// 80 % both outboxes are made unwritable during a burst of SMS registration codes. Samples RSS per
// process from /proc and pg_stat_activity every 5 s. At the end: the reckoning, ledger:check,
// audit:verify with the run's AUDIT_CHAIN_KEY, one summary table, the per-minute series under
// .tmp/ (JSON, CSV, SVG). Fails when money is missing, a check fails or RSS grows past the bound.
// docs/operations.md, "Soak", explains the figures.
// SOAK_RSS_GROWTH_MB (bound on each process's RSS growth after the warm-up, default 150).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { seedDemoOperator } from '../../apps/server/src/db/seed';
import { createTestOperator } from '../../apps/server/test/operator-login';
import type { BenchServer } from '../../bench/bench-server';
import { fetchRsaKey, registerMember } from '../../bench/bench-client';
import { connectSeamlessVendor, createCallbackPlayers } from '../../bench/callbacks-load';
import type { LoadInput } from '../drill/failover-load';
import { readAnswers, reckon } from '../drill/failover-report';
import * as pgc from '../drill/pg-clusters';
import type { CallRecord, SoakLoadInput } from './soak-load';
import {
  callbackRecords,
  type ConnectionSample,
  errorsByKind,
  type MemorySample,
  memoryFigures,
  perMinute,
  quantile,
  writeSeries,
} from './soak-report';

const argv = process.argv.slice(2);
const argOf = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const MINUTES = Number(argOf('--minutes') ?? (argv.includes('--quick') ? 5 : 30));
/** Logins, lobby and back-office reads per second (the machine sustains about twice this with the callbacks running). */
const RATE = Number(argOf('--rate') ?? 20);
/** Seamless callbacks per second (bets and wins). */
const CALLBACK_RATE = Number(argOf('--callback-rate') ?? 40);
const CALLBACK_PLAYERS = 8;
const USERS = 8;
const RSS_BOUND_MB = Number(process.env.SOAK_RSS_GROWTH_MB ?? 150);
const SAMPLE_MS = 5000;
const DURATION_MS = MINUTES * 60_000;
const WARMUP_MS = Math.min(60_000, DURATION_MS / 5);
const GRACE_MS = 10_000;
const PASSWORD = 'Soak7pass9word';
const DATABASE = 'wps';
const CLUSTER = pgc.clusterOf('soak', 5471);
const PROXY_PORT = 5480;
const INSTANCES = [
  { name: 'app-a', port: 5481 },
  { name: 'app-b', port: 5482 },
];
const HERE = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.resolve(HERE, '../..');
/**
 * Node with tsx's loader, never the tsx command: that command runs the script in a child process of
 * its own, so a SIGKILL would hit the wrapper and leave the server running, and /proc would give
 * the wrapper's memory.
 */
const NODE_TS = [process.execPath, '--import', 'tsx'] as const;
const STAMP = new Date().toISOString().slice(0, 19).replaceAll(':', '');
const WORK = path.join(ROOT, '.tmp', `soak-${STAMP}`);
const AUDIT_CHAIN_KEY = crypto.randomBytes(32).toString('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Live processes by name (a restarted instance keeps its name; its samples go on under a new label). */
const live = new Map<string, { child: ChildProcess; label: string }>();
const children: ChildProcess[] = [];
const faults: { at: number; what: string }[] = [];

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  // The test suites' PGOPTIONS (synchronous_commit=off) would make an acknowledgement worth less.
  const env = { ...process.env };
  delete env.PGOPTIONS;
  delete env.DATABASE_URL;
  return { ...env, ...extra };
}

function track(name: string, label: string, child: ChildProcess): void {
  children.push(child);
  live.set(name, { child, label });
}

async function seed(secret: string) {
  const url = CLUSTER.url(DATABASE);
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 4 });
  await runMigrations(database);
  await seedDemoOperator(database.db);
  const config = {
    ...loadConfig({ DATA_DIR: path.join(WORK, 'seed-data'), AUDIT_CHAIN_KEY, TRUST_PROXY: '1' }),
    databaseUrl: url,
  };
  const app = await buildApp({ config, database, logger: false });
  try {
    // Soak players register without reading a captcha image, as the benches' do; the captcha has its own tests.
    const operator = await app.services.system.getOperatorConfig();
    await app.services.system.updateSetting('register', { ...operator.register, showCaptcha: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await connectSeamlessVendor(app, secret);
    const { port } = app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    const players = await createCallbackPlayers({ app, database, baseUrl } as BenchServer, secret, CALLBACK_PLAYERS);
    const key = await fetchRsaKey(baseUrl);
    const users: SoakLoadInput['users'] = [];
    for (let i = 0; i < USERS; i++) {
      const username = `sk${i}${crypto.randomBytes(3).toString('hex').replace(/[a-f]/g, '')}x${i}`.slice(0, 12);
      const token = await registerMember(baseUrl, key, username, PASSWORD, { 'x-forwarded-for': `198.19.0.${i + 1}` });
      users.push({ username, password: PASSWORD, token });
    }
    const support = await createTestOperator(app, 'support');
    return { players, users, operatorToken: support.token };
  } finally {
    await app.close();
    await database.close();
  }
}

let restarts = 0;
function startInstance(index: number): Promise<void> {
  const { name, port } = INSTANCES[index]!;
  // A restarted instance is a new process: its memory series starts afresh under a label of its own.
  const label = live.has(name) ? `${name}#${++restarts + 1}` : name;
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_TS[0], [...NODE_TS.slice(1), path.join(HERE, 'soak-server.ts')], {
      env: childEnv({
        SOAK_DATABASE_URL: CLUSTER.url(DATABASE),
        SOAK_PORT: String(port),
        SOAK_DATA_DIR: path.join(WORK, `data-${name}`),
        AUDIT_CHAIN_KEY,
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    track(name, label, child);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) {
        log(`${label} listening on ${port} (pid ${child.pid})`);
        resolve();
      }
    });
    child.on('exit', (code, signal) => {
      if (!out.includes('\n')) reject(new Error(`${label} exited ${code ?? signal} before listening`));
    });
  });
}

function startProxy(): void {
  const cfg = path.join(WORK, 'haproxy.cfg');
  fs.writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      // No retries and no redispatch: a request sent to a dying instance fails, as it would for a client.
      '  retries 0',
      'frontend soak',
      `  bind 127.0.0.1:${PROXY_PORT}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk GET /healthz',
      ...INSTANCES.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check inter 1s fall 2 rise 1`),
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  track('haproxy', 'haproxy', child);
  log(`HAProxy on ${PROXY_PORT} (pid ${child.pid}) → ${INSTANCES.map((i) => i.port).join(', ')}`);
}

function startLoad(name: string, script: string, input: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_TS[0], [...NODE_TS.slice(1), script, JSON.stringify(input)], {
      env: childEnv({}),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    track(name, name, child);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited ${code}`))));
  });
}

function rssMb(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

function startSampler(memory: MemorySample[], connections: ConnectionSample[]): () => void {
  const sample = () => {
    const at = Date.now();
    for (const { child, label } of live.values()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const mb = rssMb(child.pid);
      if (mb !== null) memory.push({ at, process: label, rssMb: mb });
    }
    memory.push({ at, process: 'soak', rssMb: rssMb(process.pid) ?? 0 });
    try {
      const [total, active, idle] = pgc
        .psql(
          CLUSTER,
          `SELECT count(*), count(*) FILTER (WHERE state = 'active'), count(*) FILTER (WHERE state = 'idle') FROM pg_stat_activity WHERE datname = '${DATABASE}'`,
        )
        .split('|')
        .map(Number) as [number, number, number];
      connections.push({ at, total, active, idle });
    } catch {
      // The cluster is restarting: no sample.
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return () => clearInterval(timer);
}

function fault(what: string): void {
  faults.push({ at: Date.now(), what });
  log(`fault: ${what}`);
}

/** SMS registration codes from the orchestrator (never a server): a burst of `count` numbers. */
async function smsBurst(count: number, records: CallRecord[]): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const t0 = performance.now();
      let status = 0;
      let code: string;
      try {
        const res = await fetch(`http://127.0.0.1:${PROXY_PORT}/wps/verification/sms/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.20.${i % 250}.${Date.now() % 250}` },
          body: JSON.stringify({ countryDialingCode: '+55', mobileNo: `119${String(crypto.randomInt(1e7, 1e8))}` }),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        const envelope = (await res.json().catch(() => ({}))) as { success?: boolean; errorCode?: string };
        code = envelope.success ? 'OK' : (envelope.errorCode ?? 'NOT_JSON');
      } catch (err) {
        code = (err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NO_ANSWER';
      }
      records.push({
        at: Date.now(),
        kind: 'sms',
        ms: performance.now() - t0,
        status,
        code,
        ok: status === 200 && code === 'OK',
      });
    }),
  );
}

async function faultSchedule(startedAt: number, sms: CallRecord[]): Promise<{ killedAt: number }> {
  const at = (fraction: number) => sleep(Math.max(0, startedAt + fraction * DURATION_MS - Date.now()));
  await at(0.3);
  const victim = live.get('app-a')!.child;
  victim.kill('SIGKILL');
  const killedAt = Date.now();
  fault(`app-a (pid ${victim.pid}) killed with SIGKILL`);
  await sleep(2000);
  await startInstance(0);
  fault('app-a started again');
  await at(0.55);
  fault(`PostgreSQL cluster ${CLUSTER.name} restarting (fast shutdown)`);
  pgc.stopCluster(CLUSTER);
  pgc.startCluster(CLUSTER);
  fault(`PostgreSQL cluster ${CLUSTER.name} up again`);
  await at(0.8);
  await smsBurst(10, sms);
  const outboxes = INSTANCES.map((i) => path.join(WORK, `data-${i.name}`, 'outbox'));
  // The servers run as root, which file modes do not stop: a plain file where the outbox directory
  // was makes every append fail (ENOTDIR), as a full or read-only disk would, for root too.
  for (const dir of outboxes) {
    fs.mkdirSync(dir, { recursive: true });
    fs.renameSync(dir, `${dir}.saved`);
    fs.writeFileSync(dir, '');
  }
  fault('outboxes unwritable (a file in place of each outbox directory)');
  await smsBurst(20, sms);
  await sleep(2000);
  for (const dir of outboxes) {
    fs.rmSync(dir);
    fs.renameSync(`${dir}.saved`, dir);
  }
  fault('outboxes writable again');
  await smsBurst(10, sms);
  return { killedAt };
}

function runCheck(script: string): { ok: boolean; line: string } {
  const r = spawnSync(NODE_TS[0], [...NODE_TS.slice(1), path.join(ROOT, 'apps/server/src/scripts', script)], {
    env: childEnv({ DATABASE_URL: CLUSTER.url(DATABASE), AUDIT_CHAIN_KEY }),
    encoding: 'utf8',
  });
  const lines = `${r.stdout}\n${r.stderr}`.split('\n').filter(Boolean);
  return {
    ok: r.status === 0,
    line: lines.find((l) => /^(OK|FAILED|BROKEN)/.test(l)) ?? lines.at(-1) ?? `exit ${r.status}`,
  };
}

async function soak(): Promise<boolean> {
  fs.mkdirSync(WORK, { recursive: true });
  log(
    `soak: ${MINUTES} min, ${RATE} calls/s (logins, lobby, back office) + ${CALLBACK_RATE} callbacks/s; files in ${WORK}`,
  );
  pgc.dropCluster(CLUSTER);
  pgc.createCluster(CLUSTER);
  pgc.startCluster(CLUSTER);
  pgc.psql(CLUSTER, `CREATE DATABASE ${DATABASE}`);
  const secret = crypto.randomBytes(24).toString('hex');
  const seeded = await seed(secret);
  log(
    `seeded ${seeded.players.length} vendor players, ${seeded.users.length} registered players, one support operator`,
  );
  for (let i = 0; i < INSTANCES.length; i++) await startInstance(i);
  startProxy();
  await sleep(1500);

  const memory: MemorySample[] = [];
  const connections: ConnectionSample[] = [];
  const sms: CallRecord[] = [];
  const answersFile = path.join(WORK, 'callbacks.jsonl');
  const callsFile = path.join(WORK, 'calls.jsonl');
  const proxy = `http://127.0.0.1:${PROXY_PORT}`;
  const startedAt = Date.now();
  const loads = Promise.all([
    startLoad('load-callbacks', path.join(ROOT, 'scripts/drill/failover-load.ts'), {
      baseUrls: [proxy],
      secret,
      players: seeded.players,
      durationMs: DURATION_MS,
      graceMs: GRACE_MS,
      out: answersFile,
      runId: crypto.randomBytes(3).toString('hex'),
      // Each round is two callbacks: this pause gives about CALLBACK_RATE across the players.
      roundPauseMs: Math.round((CALLBACK_PLAYERS * 2 * 1000) / CALLBACK_RATE),
    } satisfies LoadInput),
    startLoad('load-mix', path.join(HERE, 'soak-load.ts'), {
      baseUrl: proxy,
      users: seeded.users,
      operatorToken: seeded.operatorToken,
      durationMs: DURATION_MS,
      ratePerSecond: RATE,
      out: callsFile,
    } satisfies SoakLoadInput),
  ]);
  const stopSampling = startSampler(memory, connections);
  const { killedAt } = await faultSchedule(startedAt, sms);
  await loads;
  stopSampling();
  log('load finished');

  const answers = readAnswers(answersFile);
  const calls = [
    ...fs
      .readFileSync(callsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as CallRecord),
    ...callbackRecords(answers),
    ...sms,
  ];
  const database = await openDatabase({ databaseUrl: CLUSTER.url(DATABASE), dataDir: null, poolSize: 2 });
  const money = await reckon(
    database.db,
    answers,
    { loadStartedAt: startedAt, killedAt, promotedAt: killedAt },
    'sync',
  ).finally(() => database.close());
  const ledger = runCheck('ledger-check.ts');
  const audit = runCheck('audit-verify.ts');
  const minutes = perMinute(calls, startedAt);
  const mem = memoryFigures(memory, WARMUP_MS);
  const base = path.join(WORK, 'series');
  writeSeries(base, { minutes, memory, connections, faults, startedAt });

  const rows: [string, string][] = [];
  const kinds = [...new Set(calls.map((c) => c.kind))].sort();
  const errors = errorsByKind(calls);
  for (const kind of kinds) {
    const mine = calls.filter((c) => c.kind === kind);
    const bad = errors[kind] ?? {};
    const badCount = Object.values(bad).reduce((s, n) => s + n, 0);
    rows.push([
      `calls: ${kind}`,
      `${mine.length}, errors ${badCount} (${(100 * (badCount / mine.length)).toFixed(2)} %)${
        badCount
          ? `: ${Object.entries(bad)
              .map(([k, n]) => `${k} ${n}`)
              .join(', ')}`
          : ''
      }, p99 ${Math.round(
        quantile(
          mine.map((c) => c.ms),
          0.99,
        ),
      )} ms`,
    ]);
  }
  const worstMinute = minutes.reduce((w, m) => (m.p99Ms > w.p99Ms ? m : w), minutes[0]!);
  rows.push(['worst minute p99', `${worstMinute.p99Ms} ms (${worstMinute.kind}, minute ${worstMinute.minute})`]);
  let memoryOk = true;
  for (const m of mem) {
    const within = m.growthMb <= RSS_BOUND_MB;
    if (!within && !m.process.startsWith('load') && m.process !== 'soak') memoryOk = false;
    rows.push([
      `RSS ${m.process}`,
      `start ${m.startMb} MB, end ${m.endMb} MB, max ${m.maxMb} MB, growth ${m.growthMb.toFixed(1)} MB ${within ? 'within' : 'OVER'} the ${RSS_BOUND_MB} MB bound`,
    ]);
  }
  const conns = connections.map((c) => c.total);
  rows.push([
    'PostgreSQL connections',
    `min ${Math.min(...conns)}, max ${Math.max(...conns)}, end ${conns.at(-1)} (${connections.length} samples)`,
  ]);
  rows.push(['faults', faults.map((f) => `${Math.round((f.at - startedAt) / 1000)} s ${f.what}`).join('; ')]);
  rows.push([
    'vendor slow/unreachable',
    'skipped: nothing in the mix calls out to a vendor (seamless: the vendor calls the platform)',
  ]);
  rows.push([
    'acknowledged money answers',
    `${money.acknowledged} (${money.acknowledgedBets} bets / ${money.acknowledgedWins} wins)`,
  ]);
  rows.push(['acknowledged but missing', String(money.missing)]);
  rows.push(['acknowledged with a wrong amount', String(money.wrongAmount)]);
  rows.push(['ledger:check', ledger.ok ? ledger.line : `FAILED: ${ledger.line}`]);
  rows.push(['audit:verify', audit.ok ? audit.line : `FAILED: ${audit.line}`]);
  rows.push(['series', `${base}.json, .csv, .svg`]);
  const width = Math.max(...rows.map(([k]) => k.length));
  const ok = money.missing === 0 && money.wrongAmount === 0 && money.ledgerOk && ledger.ok && audit.ok && memoryOk;
  console.log(
    `\nsoak summary, ${MINUTES} min, ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}: ${ok ? 'PASSED' : 'FAILED'}`,
  );
  console.log(rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n'));
  return ok;
}

function cleanUp(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  try {
    pgc.dropCluster(CLUSTER);
    log(`cluster ${CLUSTER.name} dropped`);
  } catch (err) {
    console.error(err);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });

soak().then(
  (ok) => {
    cleanUp();
    process.exit(ok ? 0 : 1);
  },
  (err: unknown) => {
    console.error(err);
    cleanUp();
    process.exit(1);
  },
);
