// `npm run drill:failover [-- --async]`: lose the primary under load and count what an
// acknowledgement was worth. Makes a primary (port 5441) and a streaming standby (5442), synchronous
// unless --async; migrates and seeds the primary (a seamless vendor, funded players with game
// sessions); starts two app servers pointed at both hosts with target_session_attrs=read-write;
// starts the vendor's load from a process of its own (seamless bets and wins, every answer
// recorded); kills the primary's postmaster with SIGKILL mid-load and promotes the standby; lets
// the load run on until the servers answer from the promoted server; then checks every
// acknowledged bet and win against the promoted server's ledger, runs the ledger check, and prints
// one summary. The clusters are removed at the end, failed run or not (and at the start, if a run
// that died left them). docs/operations.md, "Failover", explains the figures.
// DRILL_LOAD_MS (load before the kill, default 20000), DRILL_AFTER_MS (load after it, 15000),
// DRILL_PLAYERS (concurrent players, 16).
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { seedDemoOperator } from '../../apps/server/src/db/seed';
import { connectSeamlessVendor, createCallbackPlayers, type PlayerSession } from '../../bench/callbacks-load';
import type { BenchServer } from '../../bench/bench-server';
import {
  type Cluster,
  clusterOf,
  createCluster,
  createStandby,
  dropCluster,
  killPostmaster,
  makeSynchronous,
  promoteCluster,
  startCluster,
} from './pg-clusters';
import type { LoadInput } from './failover-load';
import { formatSummary, readAnswers, reckon } from './failover-report';

const ASYNC = process.argv.includes('--async');
const LOAD_MS = Number(process.env.DRILL_LOAD_MS ?? 20_000);
const AFTER_MS = Number(process.env.DRILL_AFTER_MS ?? 15_000);
const PLAYERS = Number(process.env.DRILL_PLAYERS ?? 16);
const GRACE_MS = 10_000;
const DATABASE = 'wps';
const HERE = path.dirname(new URL(import.meta.url).pathname);
const TSX = path.resolve(HERE, '../../node_modules/.bin/tsx');
// The drill's own cluster names and ports: only these are ever made or dropped.
const PRIMARY: Cluster = clusterOf('fo-primary', 5441);
const REPLICA: Cluster = clusterOf('fo-replica', 5442);
// Small machine: the drill's load needs few connections.
const SMALL = { max_connections: '60', shared_buffers: '64MB' };
/** Both hosts: new connections go to whichever is read-write (apps/server/src/db/failover-client.ts). */
const BOTH_HOSTS = `postgres://postgres@127.0.0.1:${PRIMARY.port},127.0.0.1:${REPLICA.port}/${DATABASE}?target_session_attrs=read-write`;

const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[drill ${new Date().toISOString().slice(11, 23)}] ${line}`);

/** Children without PGOPTIONS: the test suites' synchronous_commit=off there would void the drill. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.PGOPTIONS;
  return env;
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function waitForStandby(): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const rows = await query<{ sync_state: string }>(
      PRIMARY.url(),
      "SELECT sync_state FROM pg_stat_replication WHERE state = 'streaming'",
    );
    if (rows[0] && rows[0].sync_state === (ASYNC ? 'async' : 'sync')) return rows[0].sync_state;
    await sleep(200);
  }
  throw new Error('the standby did not start streaming');
}

/** The schema, a seamless vendor and players with launched game sessions, written through the app itself. */
async function seed(secret: string): Promise<PlayerSession[]> {
  const url = PRIMARY.url(DATABASE);
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 4 });
  await runMigrations(database);
  await seedDemoOperator(database.db);
  const config = { ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'wps-drill-seed') }), databaseUrl: url };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    await connectSeamlessVendor(app, secret);
    const { port } = app.server.address() as AddressInfo;
    const server = { app, database, baseUrl: `http://127.0.0.1:${port}` } as BenchServer;
    return await createCallbackPlayers(server, secret, PLAYERS);
  } finally {
    await app.close();
    await database.close();
  }
}

/** One app server process; resolves with its base URL once it listens. */
function startServer(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [path.join(HERE, 'failover-server.ts')], {
      env: childEnv({ DRILL_DATABASE_URL: BOTH_HOSTS, DRILL_PORT: '0' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      const ready = JSON.parse(out.split('\n')[0]!) as { baseUrl: string; synchronousCommit: string };
      if (ready.synchronousCommit !== 'on')
        reject(new Error(`server got synchronous_commit=${ready.synchronousCommit}`));
      log(`app server ${ready.baseUrl} (pid ${child.pid}), synchronous_commit=${ready.synchronousCommit}`);
      resolve(ready.baseUrl);
    });
    child.on('exit', (code) => reject(new Error(`app server exited ${code}`)));
  });
}

function startLoad(input: LoadInput): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [path.join(HERE, 'failover-load.ts'), JSON.stringify(input)], {
      env: childEnv({}),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load exited ${code}`))));
  });
}

async function drill(): Promise<boolean> {
  const mode = ASYNC ? 'async' : 'sync';
  log(`failover drill, ${mode} standby: clusters ${PRIMARY.name}:${PRIMARY.port} and ${REPLICA.name}:${REPLICA.port}`);
  dropAll();
  // Asynchronous until makeSynchronous: with no standby yet, every commit would wait.
  createCluster(PRIMARY, { synchronous_commit: 'on', ...SMALL });
  startCluster(PRIMARY);
  await query(PRIMARY.url(), `CREATE DATABASE ${DATABASE}`);
  createStandby(REPLICA, PRIMARY, SMALL);
  if (!ASYNC) makeSynchronous(PRIMARY);
  log(`standby streaming (${await waitForStandby()})`);
  const secret = crypto.randomBytes(24).toString('hex');
  const players = await seed(secret);
  log(`seeded ${players.length} players`);
  const baseUrls = await Promise.all([startServer(), startServer()]);
  const out = path.join(os.tmpdir(), `wps-drill-answers-${mode}-${Date.now()}.jsonl`);
  const loadStartedAt = Date.now();
  const load = startLoad({
    baseUrls,
    secret,
    players,
    durationMs: LOAD_MS + AFTER_MS,
    graceMs: GRACE_MS,
    out,
    runId: crypto.randomBytes(3).toString('hex'),
  });
  log(
    `load started (${players.length} players, ${LOAD_MS} ms before the kill, ${AFTER_MS} ms after), answers in ${out}`,
  );
  await Promise.race([sleep(LOAD_MS), load]);
  const killedAt = Date.now();
  const pid = killPostmaster(PRIMARY);
  log(`primary's postmaster (pid ${pid}) killed with SIGKILL`);
  promoteCluster(REPLICA);
  const promotedAt = Date.now();
  log(`standby promoted in ${promotedAt - killedAt} ms`);
  await load;
  log('load finished');
  const promoted = await openDatabase({
    databaseUrl: REPLICA.url(DATABASE),
    dataDir: null,
    poolSize: 2,
  });
  try {
    const [{ recovery }] = (
      await sql<{ recovery: boolean }>`SELECT pg_is_in_recovery() AS recovery`.execute(promoted.db)
    ).rows as [{ recovery: boolean }];
    if (recovery) throw new Error('the standby is still in recovery');
    const summary = await reckon(promoted.db, readAnswers(out), { loadStartedAt, killedAt, promotedAt }, mode);
    console.log(
      `\nfailover drill summary (${mode}), ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}`,
    );
    console.log(formatSummary(summary));
    for (const problem of summary.ledgerProblems) console.log(`    - ${problem}`);
    if (ASYNC && summary.missing > 0)
      console.log(
        `  ${summary.missing} acknowledged callback(s) were lost with the primary: the asynchronous standby's RPO.`,
      );
    const sound =
      summary.ledgerOk && summary.wrongAmount === 0 && summary.otherFailures === 0 && summary.rtoMs !== null;
    return sound && (ASYNC || summary.missing === 0);
  } finally {
    await promoted.close();
  }
}

function dropAll(): void {
  for (const cluster of [PRIMARY, REPLICA]) dropCluster(cluster);
}

function cleanUp(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  dropAll();
  log('clusters removed');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });

drill().then(
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
