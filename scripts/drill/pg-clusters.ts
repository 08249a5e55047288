// Throw-away PostgreSQL clusters for the recovery drills (restore and failover), made with Debian's
// postgresql-common tools (pg_createcluster, pg_ctlcluster, pg_dropcluster; run as root, the
// servers run as the postgres user). Each cluster trusts connections from the loopback only and is
// dropped at the end of its drill; a drill only ever touches clusters of its own names, so the
// machine's other clusters (CI's, other drills') are left alone. The pure helpers (settings files,
// archive and restore commands, the pid file) are tested in apps/server/test/drill-pg-clusters.test.ts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const PG_MAJOR = '15';

export type Cluster = {
  name: string;
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: (database?: string) => string;
  dataDir: string;
  /** Debian keeps postgresql.conf and pg_hba.conf here; `conf.d/*.conf` is included last. */
  confDir: string;
  logFile: string;
};

export function clusterOf(name: string, port: number): Cluster {
  return {
    name,
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    dataDir: `/var/lib/postgresql/${PG_MAJOR}/${name}`,
    confDir: `/etc/postgresql/${PG_MAJOR}/${name}`,
    logFile: `/var/log/postgresql/postgresql-${PG_MAJOR}-${name}.log`,
  };
}

/** A setting's value as postgresql.conf reads it: single-quoted, quotes doubled. */
export function confValue(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The lines of a conf.d file holding `settings`, in order. */
export function confFile(settings: Record<string, string>): string {
  return `${Object.entries(settings)
    .map(([k, v]) => `${k} = ${confValue(v)}`)
    .join('\n')}\n`;
}

/**
 * Continuous archiving into `walDir`: each finished WAL segment is copied once, and the command
 * fails (PostgreSQL keeps the segment and retries) if a file of that name is already there, so an
 * archived segment is never overwritten. cp then mv makes a half-copied file never look archived.
 */
export function archiveSettings(walDir: string): Record<string, string> {
  const target = path.join(walDir, '%f');
  return {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_command: `test ! -f ${target} && cp %p ${target}.part && mv ${target}.part ${target}`,
    // A quiet system still closes a segment every minute, so at most a minute of commits waits to be archived.
    archive_timeout: '60s',
  };
}

/** The ISO time PostgreSQL reads back exactly: microseconds, UTC offset. */
export function recoveryTargetTime(at: Date | string): string {
  if (typeof at === 'string') {
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?\+00$/.test(at))
      throw new Error(`not a UTC recovery target time: ${at} (expected YYYY-MM-DD HH:MM:SS[.ffffff]+00)`);
    return at;
  }
  return `${at.toISOString().replace('T', ' ').replace('Z', '')}+00`;
}

/**
 * A restored copy's recovery: WAL from the archive, replay up to and including `targetTime`
 * (commits after it are not applied), then promote to a writable server. Its own archiving stays
 * off, so the copy never writes into the live cluster's archive.
 */
export function recoverySettings(walDir: string, targetTime: string): Record<string, string> {
  return {
    restore_command: `cp ${path.join(walDir, '%f')} %p`,
    recovery_target_time: recoveryTargetTime(targetTime),
    recovery_target_inclusive: 'on',
    recovery_target_action: 'promote',
    archive_mode: 'off',
  };
}

/** Run a command; its output, or an error that carries its stderr. */
export function run(command: string, args: string[], opts: { asPostgres?: boolean } = {}): string {
  const [file, argv] = opts.asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')}: ${e.stderr?.trim() || e.message}`, { cause: err });
  }
}

/** One SQL statement through psql; its unaligned output. */
export function psql(cluster: Cluster, statement: string, database = 'postgres'): string {
  return run('psql', ['-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', cluster.url(database), '-c', statement]).trim();
}

/** Either half left behind counts: a run that died mid-create may have left only one. */
export function clusterExists(name: string): boolean {
  const cluster = clusterOf(name, 0);
  return fs.existsSync(cluster.confDir) || fs.existsSync(cluster.dataDir);
}

/** A directory owned by the postgres user (the archive, the base backups). */
export function postgresDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  run('chown', ['-R', 'postgres:postgres', dir]);
}

/** Write `settings` as conf.d/<file>.conf (read after postgresql.conf, so they win). */
export function writeSettings(cluster: Cluster, file: string, settings: Record<string, string>): void {
  const target = path.join(cluster.confDir, 'conf.d', `${file}.conf`);
  fs.writeFileSync(target, confFile(settings));
  run('chown', ['postgres:postgres', target]);
}

/** A new, stopped cluster (trust on the loopback only) with `settings`. */
export function createCluster(cluster: Cluster, settings: Record<string, string> = {}): void {
  run('pg_createcluster', [
    PG_MAJOR,
    cluster.name,
    '-p',
    String(cluster.port),
    '--start-conf=manual',
    '--',
    '--auth=trust',
  ]);
  writeSettings(cluster, 'drill', { listen_addresses: '127.0.0.1', ...settings });
}

export function startCluster(cluster: Cluster): void {
  run('pg_ctlcluster', [PG_MAJOR, cluster.name, 'start']);
}

export function stopCluster(cluster: Cluster): void {
  run('pg_ctlcluster', [PG_MAJOR, cluster.name, 'stop', '-m', 'fast']);
}

/** Re-read the configuration (settings that need no restart, such as synchronous_standby_names). */
export function reloadCluster(cluster: Cluster): void {
  run('pg_ctlcluster', [PG_MAJOR, cluster.name, 'reload']);
}

/** End recovery on a standby: it becomes a writable server. */
export function promoteCluster(cluster: Cluster): void {
  run('pg_ctlcluster', [PG_MAJOR, cluster.name, 'promote']);
}

/** Stop and remove the cluster (configuration, data and log) if it exists. */
export function dropCluster(cluster: Cluster): void {
  if (!clusterExists(cluster.name)) return;
  try {
    run('pg_dropcluster', [PG_MAJOR, cluster.name, '--stop']);
  } catch {
    // A postmaster killed with SIGKILL leaves a pid file whose stop fails: remove what is left by hand.
    fs.rmSync(cluster.dataDir, { recursive: true, force: true });
  }
  // pg_dropcluster removes only empty conf.d directories: the drill's settings files would keep the
  // configuration directory, and the next cluster of this name would start with them (a stale
  // synchronous_standby_names makes a primary without a standby wait on every commit).
  fs.rmSync(cluster.confDir, { recursive: true, force: true });
}

/**
 * A consistent copy of the running cluster's data directory in `dir` (plain format, with the WAL
 * written during the copy, so it starts on its own), after an immediate checkpoint. `standby`
 * also writes standby.signal and primary_conninfo (-R), so the copy streams from `cluster`.
 */
export function baseBackup(cluster: Cluster, dir: string, opts: { standby?: boolean } = {}): void {
  run(
    'pg_basebackup',
    [
      ...['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres'],
      ...['-D', dir, ...(opts.standby ? ['-R'] : []), '-X', 'stream', '-c', 'fast'],
    ],
    { asPostgres: true },
  );
}

/**
 * A new running streaming standby of the running `primary`, with `settings`: its own configuration
 * from pg_createcluster, its data a base backup of the primary taken with -R.
 */
export function createStandby(standby: Cluster, primary: Cluster, settings: Record<string, string> = {}): void {
  createCluster(standby, settings);
  // Emptied, not removed: the directory is the postgres user's, in a parent it may not write.
  for (const entry of fs.readdirSync(standby.dataDir))
    fs.rmSync(path.join(standby.dataDir, entry), { recursive: true, force: true });
  baseBackup(primary, standby.dataDir, { standby: true });
  startCluster(standby);
}

/**
 * A commit on `primary` returns only once a standby named in `standbys` has it (`*`: any one), so
 * an acknowledged commit survives the primary's loss. A reload is enough. Written as a file of its
 * own, after the cluster's others, so it leaves createCluster's settings as they were.
 */
export function makeSynchronous(primary: Cluster, standbys = '*'): void {
  writeSettings(primary, 'synchronous', { synchronous_standby_names: standbys });
  reloadCluster(primary);
}

/** The postmaster's pid: the first line of a postmaster.pid file's text. */
export function pidOf(pidFile: string): number {
  const pid = Number(pidFile.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`not a postmaster.pid: ${pidFile.slice(0, 40)}`);
  return pid;
}

export function postmasterPid(cluster: Cluster): number {
  return pidOf(fs.readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8'));
}

/** The server's sudden death: SIGKILL to its postmaster, as a crashed host would look. Its pid. */
export function killPostmaster(cluster: Cluster): number {
  const pid = postmasterPid(cluster);
  process.kill(pid, 'SIGKILL');
  return pid;
}

/**
 * A new cluster whose data directory is the base backup in `backupDir`, set to recover with
 * `settings` (recoverySettings) when started: its own configuration from pg_createcluster, the
 * backup's data, and recovery.signal.
 */
export function restoreCluster(cluster: Cluster, backupDir: string, settings: Record<string, string>): void {
  createCluster(cluster);
  fs.rmSync(cluster.dataDir, { recursive: true, force: true });
  run('cp', ['-a', backupDir, cluster.dataDir]);
  // The live server's start options would come along: the copy starts with its own.
  fs.rmSync(path.join(cluster.dataDir, 'postmaster.opts'), { force: true });
  writeSettings(cluster, 'recovery', settings);
  fs.writeFileSync(path.join(cluster.dataDir, 'recovery.signal'), '');
  run('chown', ['-R', 'postgres:postgres', cluster.dataDir]);
  run('chmod', ['700', cluster.dataDir]);
}

/** Poll `check` every 100 ms until it is true; throws after `timeoutMs`. */
export async function waitUntil(what: string, check: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (check()) return;
    } catch {
      // Not up yet: ask again.
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Close the current WAL segment and wait until the archiver has copied it. */
export async function archiveCurrentWal(cluster: Cluster): Promise<string> {
  const segment = psql(cluster, 'SELECT pg_walfile_name(pg_switch_wal())');
  await waitUntil(
    `WAL segment ${segment} archived`,
    () => psql(cluster, "SELECT coalesce(last_archived_wal, '') FROM pg_stat_archiver") >= segment,
    60_000,
  );
  return segment;
}

/** The last lines of the cluster's log mentioning recovery (what it replayed, where it stopped). */
export function recoveryLog(cluster: Cluster): string[] {
  if (!fs.existsSync(cluster.logFile)) return [];
  return fs
    .readFileSync(cluster.logFile, 'utf8')
    .split('\n')
    .filter((line) => /recovery|restored log file|redo|promot|consistent/i.test(line))
    .slice(-12);
}
