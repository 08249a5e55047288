// `npm run drill:restore`: the point-in-time recovery drill (docs/operations.md, "Backups and
// point-in-time recovery"), run as root on a machine with Debian's PostgreSQL 15 packages. It makes
// a cluster with WAL archiving on port 5461, migrates the app's schema and takes a base backup;
// runs the app with seamless bets and wins and audited back-office actions; records the state at
// a time T; runs more load, then drops a table by mistake; restores the base backup to a new
// cluster on port 5462 replaying the archive up to T; and checks the copy: ledger:check,
// audit:verify (with AUDIT_CHAIN_KEY and T's chain head as anchor), the regulator export of T's
// day, and the state recorded at T. Prints one table of timings and checks; both clusters and the
// drill's directory are removed at the end, also on failure. Exit code 1 when a check fails.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditChainKeyring } from '../../apps/server/src/modules/audit/audit-chain-key';
import { runCallbackLoad, type PlayerSession } from '../../bench/callbacks-load';
import {
  archiveCurrentWal,
  archiveSettings,
  baseBackup,
  clusterOf,
  createCluster,
  dropCluster,
  postgresDir,
  psql,
  recoveryLog,
  recoverySettings,
  restoreCluster,
  startCluster,
  waitUntil,
} from './pg-clusters';
import { differences, recordState, sealAuditChainNow, type DrillState } from './restore-state';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DRILL_DIR = process.env.DRILL_DIR ?? '/var/lib/postgresql/drill-restore';
const WAL_DIR = path.join(DRILL_DIR, 'wal');
const BASE_DIR = path.join(DRILL_DIR, 'base');
const LOAD_MS = Number(process.env.DRILL_LOAD_MS ?? 5_000);
const DATABASE = 'wps';
/** The table dropped "by mistake": the bets of every round, which the regulator export reads. */
const DROPPED_TABLE = 'round_bets';

const live = clusterOf('drill_restore_live', 5461);
const restored = clusterOf('drill_restore_pit', 5462);
// The drill's own keys, as an installation's: the restored copy is checked with the same ones.
const AUDIT_CHAIN_KEY = crypto.randomBytes(36).toString('base64');
const OPERATOR_TOTP_KEY = crypto.randomBytes(36).toString('base64');

type Check = { check: string; ok: boolean; detail: string };
const checks: Check[] = [];
const timings: Record<string, number> = {};
const facts: Record<string, string> = {};

function check(name: string, ok: boolean, detail: string): void {
  checks.push({ check: name, ok, detail });
}

async function timed<T>(name: string, step: () => T | Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await step();
  } finally {
    timings[name] = (performance.now() - t0) / 1000;
  }
}

const log = (line: string) => console.log(`[drill ${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An npm script of this repository against `databaseUrl`; its exit code and output. */
function npmScript(args: string[], databaseUrl: string, env: Record<string, string> = {}) {
  const r = spawnSync('npm', ['run', '--silent', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: databaseUrl, AUDIT_CHAIN_KEY, OPERATOR_TOTP_KEY, ...env },
  });
  return { code: r.status ?? 1, out: `${r.stdout}${r.stderr}`.trim() };
}

function requireNpm(args: string[], databaseUrl: string): string {
  const r = npmScript(args, databaseUrl);
  if (r.code !== 0) throw new Error(`npm run ${args.join(' ')} failed (${r.code}): ${r.out}`);
  return r.out;
}

/** The app server in a process of its own; resolves with its URL, the vendor's secret and the players. */
/** The app server while it runs: a signal to the drill alone (not its process group) stops it too. */
let appChild: ChildProcess | undefined;

function startApp(databaseUrl: string): Promise<{
  child: ChildProcess;
  baseUrl: string;
  secret: string;
  players: PlayerSession[];
}> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/drill/restore-app.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, AUDIT_CHAIN_KEY, OPERATOR_TOTP_KEY },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  appChild = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.startsWith('READY '));
      if (line)
        resolve({
          child,
          ...(JSON.parse(line.slice(6)) as { baseUrl: string; secret: string; players: PlayerSession[] }),
        });
    });
    child.on('exit', (code) => reject(new Error(`the drill's app server exited (${code}) before it was ready`)));
  });
}

async function stopApp(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function load(app: { baseUrl: string; secret: string; players: PlayerSession[] }, label: string) {
  const r = await runCallbackLoad({ ...app, durationMs: LOAD_MS, warmupMs: 0 });
  log(`${label}: ${r.bets} bets, ${r.callbacks} callbacks, ${r.errors} errors in ${r.seconds.toFixed(1)} s`);
  if (r.errors > 0) throw new Error(`${label}: ${r.errors} callbacks failed, first: ${r.firstError}`);
  return r;
}

function cleanUp(): void {
  for (const c of [restored, live]) {
    try {
      dropCluster(c);
    } catch (err) {
      console.error(`could not drop cluster ${c.name}: ${(err as Error).message}`);
    }
  }
  fs.rmSync(DRILL_DIR, { recursive: true, force: true });
}

async function drill(): Promise<void> {
  const url = live.url(DATABASE);
  const restoredUrl = restored.url(DATABASE);
  // 1. The live cluster, archiving from its first segment, the schema, and a base backup.
  await timed('set-up (cluster, migrations)', () => {
    postgresDir(WAL_DIR);
    createCluster(live, archiveSettings(WAL_DIR));
    startCluster(live);
    psql(live, `CREATE DATABASE ${DATABASE}`);
    requireNpm(['migrate'], url);
  });
  log(`cluster ${live.name} on ${live.port}: archiving to ${WAL_DIR}, schema migrated`);
  postgresDir(DRILL_DIR);
  await timed('base backup', () => baseBackup(live, BASE_DIR));
  facts['base backup size'] = `${psql(live, `SELECT pg_size_pretty(pg_database_size('${DATABASE}'))`)} (database)`;
  log(`base backup in ${BASE_DIR}`);

  // 2. Load through the app from a separate process, and audited back-office actions.
  const app = await startApp(url);
  let atT: DrillState | undefined;
  try {
    const before = await load(app, 'load before T');
    requireNpm(['ops', '--', 'bank:set', 'DRILLA', 'Drill bank before T'], url);
    requireNpm(['ops', '--', 'operator:create', 'drill_auditor', 'support', 'restore drill'], url);
    // The seals the audit-chain-seal job would have made by now (the drill runs no periodic jobs).
    const keyring = auditChainKeyring({ nodeEnv: 'production', auditChainKey: AUDIT_CHAIN_KEY });
    const sealed = await sealAuditChainNow(url, keyring);

    // 3. T: nothing writes (the load has ended), its segment is archived, a second on each side.
    psql(live, 'CHECKPOINT');
    await archiveCurrentWal(live);
    await sleep(1_000);
    const t = psql(live, `SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'`);
    await sleep(1_000);
    atT = await recordState(url, t, DROPPED_TABLE);
    facts.T = t;
    facts['at T'] =
      `${atT.transactions} ledger transactions, ${atT.droppedTableRows} ${DROPPED_TABLE} rows, audit head ${atT.auditHead.seq}, ${sealed} audit links sealed`;
    log(`T = ${t}: ${facts['at T']}`);
    check('live ledger check at T', atT.ledgerOk, atT.ledgerProblems.join('; ') || 'every invariant holds');

    // 4. More load and an action after T, then the mistake; the archive gets everything.
    const after = await load(app, 'load after T');
    requireNpm(['ops', '--', 'bank:set', 'DRILLB', 'Drill bank after T'], url);
    requireNpm(['ops', '--', 'operator:disable', 'drill_auditor', 'restore drill, after T'], url);
    facts.load = `${before.bets} bets before T, ${after.bets} after (each a bet and a win), audited bank:set and operator:create before T, bank:set and operator:disable after`;
    psql(live, `DROP TABLE ${DROPPED_TABLE} CASCADE`, DATABASE);
    const lastSegment = await archiveCurrentWal(live);
    const txAfter = Number(psql(live, 'SELECT count(*) FROM ledger_transactions', DATABASE));
    const tableLeft = psql(live, `SELECT count(*) FROM pg_tables WHERE tablename = '${DROPPED_TABLE}'`, DATABASE);
    facts.mistake = `DROP TABLE ${DROPPED_TABLE} CASCADE at ${new Date().toISOString()}; archive up to ${lastSegment}`;
    check(
      'the mistake happened on the live cluster',
      tableLeft === '0' && txAfter > atT.transactions,
      `${DROPPED_TABLE} missing; ${txAfter - atT.transactions} ledger transactions after T`,
    );
  } finally {
    await stopApp(app.child);
  }
  facts['WAL segments archived'] = String(fs.readdirSync(WAL_DIR).filter((f) => /^[0-9A-F]{24}$/.test(f)).length);

  // 5. A new cluster from the base backup, replaying the archive up to T, then promoted.
  await timed('restore (new cluster + copy of the base backup)', () =>
    restoreCluster(restored, BASE_DIR, recoverySettings(WAL_DIR, facts.T!)),
  );
  await timed('recovery replay (start → promoted at T)', async () => {
    startCluster(restored);
    await waitUntil('the restored cluster to promote', () => psql(restored, 'SELECT pg_is_in_recovery()') === 'f');
  });
  facts['recovery stopped'] =
    recoveryLog(restored)
      .find((l) => /recovery stopping/.test(l))
      ?.replace(/^.*LOG:\s*/, '') ?? '-';

  // 6. The checks on the restored copy.
  if (!atT) throw new Error('the state at T was not recorded');
  const ledgerCli = npmScript(['ledger:check'], restoredUrl);
  check('npm run ledger:check', ledgerCli.code === 0, lastLine(ledgerCli.out));
  const anchor = `${atT.auditHead.seq}:${atT.auditHead.hash}`;
  const auditCli = npmScript(['audit:verify', '--', anchor], restoredUrl, { NODE_ENV: 'production' });
  check('npm run audit:verify (key + T head as anchor)', auditCli.code === 0, lastLine(auditCli.out));
  const got = await recordState(restoredUrl, facts.T!, DROPPED_TABLE);
  const diff = differences(atT, got);
  const same = (k: keyof DrillState) => !diff.some((d) => d.startsWith(`${k}:`));
  check('ledger totals equal at T', same('accounts') && same('entries') && same('playerBalances'), summary(got));
  check(
    'ledger transactions: all at or before T, as many as at T',
    same('transactions') && same('transactionsUpToT') && got.transactions === got.transactionsUpToT,
    `${got.transactions} (at T: ${atT.transactions})`,
  );
  check(
    `dropped table ${DROPPED_TABLE} back with its rows at T`,
    got.droppedTableRows !== null && same('droppedTableRows'),
    `${got.droppedTableRows ?? 'missing'} rows (at T: ${atT.droppedTableRows})`,
  );
  check(
    'audit chain head equals T',
    same('auditHead'),
    `place ${got.auditHead.seq}, ${got.auditHead.hash.slice(0, 12)}…`,
  );
  check(
    `regulator export of ${got.regulatorExport.day} up to T identical`,
    same('regulatorExport'),
    `manifest sha256 ${got.regulatorExport.manifestSha256.slice(0, 12)}…, ${Object.entries(got.regulatorExport.counts)
      .map(([f, n]) => `${f} ${n}`)
      .join(', ')}`,
  );
  check(
    'back-office action before T kept, after T absent',
    same('banks') && got.banks.includes('DRILLA') && !got.banks.includes('DRILLB'),
    `drill banks: ${got.banks.filter((b) => b.startsWith('DRILL')).join(', ') || '(none)'}`,
  );
  check('restored ledger check (invariants)', got.ledgerOk, got.ledgerProblems.join('; ') || 'every invariant holds');
  if (diff.length) for (const d of diff) log(`differs: ${d}`);
}

function summary(s: DrillState): string {
  const balances = Object.entries(s.playerBalances)
    .map(([c, v]) => `${c} ${v}`)
    .join(', ');
  return `${s.accounts} accounts, ${s.entries} entries, player balances ${balances}`;
}

function lastLine(text: string): string {
  return text.split('\n').filter(Boolean).at(-1) ?? '';
}

function printSummary(failure: unknown): void {
  const fmt = (n: number | undefined) => (n === undefined ? '-' : `${n.toFixed(1)} s`);
  const restore =
    (timings['restore (new cluster + copy of the base backup)'] ?? 0) +
    (timings['recovery replay (start → promoted at T)'] ?? 0);
  console.log('\nPoint-in-time recovery drill');
  for (const [k, v] of Object.entries(facts)) console.log(`  ${k}: ${v}`);
  console.table(
    Object.fromEntries([
      ...Object.entries(timings).map(([k, v]) => [k, { seconds: fmt(v) }]),
      ['time to recover (restore + replay)', { seconds: fmt(restore) }],
      ['drill total', { seconds: fmt((performance.now() - started) / 1000) }],
    ]),
  );
  console.table(checks.map((c) => ({ check: c.check, result: c.ok ? 'PASS' : 'FAIL', detail: c.detail })));
  if (failure) console.error(`drill stopped: ${failure instanceof Error ? failure.message : String(failure)}`);
}

const started = performance.now();

async function main(): Promise<number> {
  if (process.getuid?.() !== 0) {
    console.error('drill:restore makes PostgreSQL clusters with pg_createcluster: run it as root');
    return 2;
  }
  // A previous drill stopped hard may have left its clusters: they are the drill's own, by name and port.
  cleanUp();
  // Interrupted (Ctrl-C, or a supervisor's SIGTERM): the clusters go with the drill, as in drill:failover.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      if (appChild?.exitCode === null) appChild.kill('SIGTERM');
      cleanUp();
      process.exit(130);
    });
  let failure: unknown;
  try {
    await drill();
  } catch (err) {
    failure = err;
    for (const line of recoveryLog(restored)) log(`restored cluster log: ${line}`);
  } finally {
    cleanUp();
  }
  printSummary(failure);
  return failure || checks.some((c) => !c.ok) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    cleanUp();
    process.exit(1);
  },
);
