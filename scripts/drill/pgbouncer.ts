// `npm run drill:pgbouncer [-- --quick]`: the server through PgBouncer in transaction mode. Makes a
// cluster of its own (port 5495, jit off for the database: ALTER DATABASE … SET jit = off, as the
// pooled connections skip the per-connection SET); starts PgBouncer (6495, pool_mode =
// transaction) and migrates through it; seeds directly (a seamless vendor, funded players with
// game sessions); runs two real servers (server.ts: jobs, change feed) on 5496 and 5497 straight
// on PostgreSQL and drives the failover drill's vendor load (failover-load.ts) through them; then
// restarts both with DATABASE_URL through PgBouncer and DATABASE_LISTEN_URL straight at
// PostgreSQL, and drives the same load again while sampling SHOW POOLS. Then checks: every acknowledged bet and win
// of both runs is in the ledger once with its amount (the failover drill's reckoning), the ledger
// check passes, a member's change on one server reaches the other's cached reads (the change feed's
// LISTEN), the periodic jobs finished periods through PgBouncer, and the pooled connections read
// jit = off. Prints callbacks/s and the bet p99 of both runs (the ratio) and the server connections
// PgBouncer used for its clients. Exits 1 on any lost or wrong answer or failed check. The cluster,
// PgBouncer and its scratch folder (.tmp/pgbouncer-drill) are removed at the end, failed run or not.
// --quick: 20 s of load each instead of 60 s. DRILL_PLAYERS (concurrent players, 16).
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { seedDemoOperator } from '../../apps/server/src/db/seed';
import { listJobRuns } from '../../apps/server/src/jobs/job-runs.repository';
import { connectSeamlessVendor, createCallbackPlayers, type PlayerSession } from '../../bench/callbacks-load';
import type { BenchServer } from '../../bench/bench-server';
import { type Instance, startInstance, stopInstance } from '../../apps/server/test/twin-cluster';
import { type Cluster, clusterOf, createCluster, dropCluster, startCluster } from './pg-clusters';
import type { AnswerRecord, LoadInput } from './failover-load';
import { readAnswers, reckon } from './failover-report';
import {
  type Bouncer,
  bouncerStats,
  samplePools,
  startBouncer,
  stopBouncer,
  stopStaleBouncer,
} from './pgbouncer-process';
import { changeFeedSeen, loadFigures, type PhaseFigures, runLoad } from './pgbouncer-checks';

const QUICK = process.argv.includes('--quick');
const LOAD_MS = QUICK ? 20_000 : 60_000;
const PLAYERS = Number(process.env.DRILL_PLAYERS ?? 16);
const DATABASE = 'wps';
const HERE = path.dirname(new URL(import.meta.url).pathname);
const SCRATCH = path.resolve(HERE, '../../.tmp/pgbouncer-drill');
const CLUSTER: Cluster = clusterOf('pgb-drill', 5495);
const BOUNCER_PORT = 6495;
const APP_PORTS = [5496, 5497] as const;
/** Each app's pool (10, server.ts's default) against PgBouncer's per-database pool. */
const APP_POOL = 10;
const BOUNCER_POOL = 8;
const JOB_INTERVAL_MS = 1000;
const DIRECT = CLUSTER.url(DATABASE);

const log = (line: string) => console.log(`[pgbouncer drill ${new Date().toISOString().slice(11, 23)}] ${line}`);
let instances: Instance[] = [];
let bouncer: Bouncer | null = null;

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The schema, a seamless vendor and players with launched game sessions, written through the app itself (as the failover drill). */
async function seed(secret: string, migrateUrl: string): Promise<PlayerSession[]> {
  // The migrations through PgBouncer: one transaction under a transaction-scoped advisory lock, so
  // a pooled connection holds everything they need (docs/operations.md).
  const pooled = await openDatabase({ databaseUrl: migrateUrl, listenUrl: DIRECT, dataDir: null, poolSize: 1 });
  try {
    await runMigrations(pooled);
  } finally {
    await pooled.close();
  }
  const database = await openDatabase({ databaseUrl: DIRECT, dataDir: null, poolSize: 4 });
  await seedDemoOperator(database.db);
  const config = { ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'wps-pgb-drill-seed') }), databaseUrl: DIRECT };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    await connectSeamlessVendor(app, secret);
    // The change-feed check registers a member through the API, as the two-instance test does.
    const operator = await app.services.system.getOperatorConfig();
    await app.services.system.updateSetting('register', { ...operator.register, showCaptcha: false });
    const { port } = app.server.address() as AddressInfo;
    const server = { app, database, baseUrl: `http://127.0.0.1:${port}` } as BenchServer;
    return await createCallbackPlayers(server, secret, PLAYERS);
  } finally {
    await app.close();
    await database.close();
  }
}

/** Both servers (server.ts: migrations, jobs, change feed) on `databaseUrl`, the LISTEN on `listenUrl`. */
async function startServers(databaseUrl: string, listenUrl?: string): Promise<Instance[]> {
  const env = (port: number): Record<string, string> => ({
    PORT: String(port),
    JOB_INTERVAL_MS: String(JOB_INTERVAL_MS),
    LOG_LEVEL: 'info',
    // The permissive licence, as the suites' servers: the drill's players play without identity checks.
    DEMO_JURISDICTION: 'permissive',
    DEMO_REWARDS: 'off',
    ...(listenUrl ? { DATABASE_LISTEN_URL: listenUrl } : {}),
  });
  const started = await Promise.all(APP_PORTS.map((port, i) => startInstance(`app${i}`, databaseUrl, env(port))));
  for (const instance of started) log(`app server ${instance.baseUrl} (pid ${instance.child.pid})`);
  return started;
}

async function stopServers(): Promise<void> {
  await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGTERM')));
  instances = [];
}

async function phase(name: string, secret: string, players: PlayerSession[], pooled: boolean): Promise<PhaseFigures> {
  const out = path.join(os.tmpdir(), `wps-pgb-drill-${name}-${Date.now()}.jsonl`);
  const input: LoadInput = {
    baseUrls: instances.map((i) => i.baseUrl),
    secret,
    players,
    durationMs: LOAD_MS,
    graceMs: 10_000,
    out,
    runId: `${name}-${crypto.randomBytes(3).toString('hex')}`,
  };
  log(`${name}: load for ${LOAD_MS / 1000} s (${players.length} players), answers in ${out}`);
  const startedAt = Date.now();
  let peak = { clients: 0, servers: 0, clWaiting: 0 };
  const sampler = pooled
    ? setInterval(() => {
        void samplePools(bouncer!, DATABASE).then(
          (s) =>
            (peak = {
              clients: Math.max(peak.clients, s.clients),
              servers: Math.max(peak.servers, s.servers),
              clWaiting: Math.max(peak.clWaiting, s.clWaiting),
            }),
          () => undefined,
        );
      }, 500)
    : undefined;
  await runLoad(path.join(HERE, 'failover-load.ts'), input);
  clearInterval(sampler);
  const answers = readAnswers(out);
  return { ...loadFigures(name, answers, Date.now() - startedAt, LOAD_MS), peak: pooled ? peak : null, answers };
}

async function drill(): Promise<boolean> {
  log(`cluster ${CLUSTER.name}:${CLUSTER.port}, PgBouncer :${BOUNCER_PORT}, apps :${APP_PORTS.join(', :')}`);
  cleanUpResources();
  // Children start without PGOPTIONS: the test suites' synchronous_commit=off would void the
  // drill, and PgBouncer refuses the `options` startup parameter it becomes.
  delete process.env.PGOPTIONS;
  createCluster(CLUSTER, { synchronous_commit: 'on', max_connections: '60', shared_buffers: '64MB' });
  startCluster(CLUSTER);
  await query(CLUSTER.url(), `CREATE DATABASE ${DATABASE}`);
  // What the pooled connections get instead of their own SET (database.ts): every new session of this database.
  await query(CLUSTER.url(), `ALTER DATABASE ${DATABASE} SET jit = off`);
  bouncer = await startBouncer({
    dir: SCRATCH,
    port: BOUNCER_PORT,
    database: DATABASE,
    serverPort: CLUSTER.port,
    poolSize: BOUNCER_POOL,
  });
  log(`PgBouncer up (pid ${bouncer.child?.pid}), pool_mode = transaction, default_pool_size = ${BOUNCER_POOL}`);
  const secret = crypto.randomBytes(24).toString('hex');
  const players = await seed(secret, bouncer.url);
  log(`migrated through PgBouncer, seeded ${players.length} players`);

  instances = await startServers(DIRECT);
  const direct = await phase('direct', secret, players, false);
  await stopServers();

  const [{ jit }] = (await query<{ jit: string }>(bouncer.url, 'SHOW jit')) as [{ jit: string }];
  const pooledPhaseStart = new Date();
  instances = await startServers(bouncer.url, DIRECT);
  const pooled = await phase('pgbouncer', secret, players, true);
  const feed = await changeFeedSeen(instances[0]!, instances[1]!);
  // Let a job period or two finish after the load (the jobs run every JOB_INTERVAL_MS).
  await new Promise((resolve) => setTimeout(resolve, 3 * JOB_INTERVAL_MS));
  const stats = await bouncerStats(bouncer, DATABASE);
  await stopServers();

  const database = await openDatabase({ databaseUrl: DIRECT, dataDir: null, poolSize: 2 });
  try {
    const answers: AnswerRecord[] = [...direct.answers, ...pooled.answers];
    const now = Date.now();
    const summary = await reckon(database.db, answers, { loadStartedAt: now, killedAt: now, promotedAt: now }, 'sync');
    const runs = (await listJobRuns(database.db)).filter((r) => r.startedAt >= pooledPhaseStart);
    const finishedRuns = runs.filter((r) => r.finishedAt !== null && r.error === null);
    const failedRuns = runs.filter((r) => r.error !== null);
    const jobNames = [...new Set(finishedRuns.map((r) => r.job))];
    const ratio = direct.callbacksPerSecond > 0 ? pooled.callbacksPerSecond / direct.callbacksPerSecond : 0;
    const rows: [string, string][] = [
      ['load', `${LOAD_MS / 1000} s each, ${players.length} players, bet + win per round, 2 app servers`],
      ...[direct, pooled].map((f): [string, string] => [
        `${f.name}: callbacks/s, bet p99`,
        `${f.callbacksPerSecond.toFixed(0)}/s (${f.acknowledged} acknowledged of ${f.requests}), p99 ${f.betP99Ms} ms, p50 ${f.betP50Ms} ms`,
      ]),
      ['throughput through PgBouncer / direct', ratio.toFixed(2)],
      [
        'PgBouncer: clients / server connections (peak)',
        `${pooled.peak?.clients ?? 0} / ${pooled.peak?.servers ?? 0} (pool ${BOUNCER_POOL}; 2 apps × pool ${APP_POOL}; clients waiting at peak ${pooled.peak?.clWaiting ?? 0})`,
      ],
      ['PgBouncer: transactions / queries passed', `${stats.xacts} / ${stats.queries}`],
      ['jit on a pooled connection', jit],
      ['acknowledged but missing', String(summary.missing)],
      ['acknowledged with a wrong amount', String(summary.wrongAmount)],
      ['errors (5xx or no answer)', `${summary.errors} ${JSON.stringify(summary.errorCodes)}`],
      ['ledger check', summary.ledgerOk ? 'OK: every invariant holds' : `FAILED: ${summary.ledgerProblems.length}`],
      [
        'change feed (member language, cached read)',
        feed.ok ? `seen by the other server in ${feed.ms} ms` : 'NOT SEEN',
      ],
      [
        'periodic jobs through PgBouncer',
        `${finishedRuns.length} period(s) finished (${jobNames.length} jobs), ${failedRuns.length} failed`,
      ],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nPgBouncer drill summary, ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}`);
    console.log(rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n'));
    for (const problem of summary.ledgerProblems) console.log(`    - ${problem}`);
    for (const run of failedRuns) console.log(`    - job ${run.job} ${run.periodKey}: ${run.error}`);
    return (
      summary.missing === 0 &&
      summary.wrongAmount === 0 &&
      summary.errors === 0 &&
      summary.ledgerOk &&
      feed.ok &&
      finishedRuns.length > 0 &&
      failedRuns.length === 0 &&
      jit === 'off' &&
      direct.acknowledged > 0 &&
      pooled.acknowledged > 0
    );
  } finally {
    await database.close();
  }
}

/** The drill's own resources only: its cluster and a PgBouncer its scratch folder names. */
function cleanUpResources(): void {
  stopStaleBouncer(SCRATCH);
  dropCluster(CLUSTER);
}

async function cleanUp(): Promise<void> {
  for (const instance of instances) if (instance.isAlive()) instance.child.kill('SIGTERM');
  await stopBouncer(bouncer);
  cleanUpResources();
  log('cluster and PgBouncer removed');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });

drill().then(
  async (ok) => {
    await cleanUp();
    process.exit(ok ? 0 : 1);
  },
  async (err: unknown) => {
    console.error(err);
    for (const instance of instances) console.error(instance.log().split('\n').slice(-20).join('\n'));
    await cleanUp();
    process.exit(1);
  },
);
