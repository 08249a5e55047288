// The failover drill's two PostgreSQL 15 clusters, made and removed with Debian's cluster tools:
// a primary and a streaming replica of it (pg_basebackup -R), on ports of their own, trust auth on
// loopback. Only clusters of these names are ever touched, so the machine's other clusters (the
// one CI uses, other engineers' drills) are left alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = '15';
const BIN = `/usr/lib/postgresql/${VERSION}/bin`;

export type Cluster = { name: string; port: number };

export const PRIMARY: Cluster = { name: 'fo-primary', port: 5441 };
export const REPLICA: Cluster = { name: 'fo-replica', port: 5442 };

export const urlOf = (cluster: Cluster, database = 'postgres') =>
  `postgres://postgres@127.0.0.1:${cluster.port}/${database}`;

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** As the postgres user, who owns the data directories. */
const asPostgres = (command: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', command, ...args]);

const dataDir = (cluster: Cluster) => `/var/lib/postgresql/${VERSION}/${cluster.name}`;
const confDir = (cluster: Cluster) => `/etc/postgresql/${VERSION}/${cluster.name}`;

function exists(cluster: Cluster): boolean {
  return fs.existsSync(confDir(cluster)) || fs.existsSync(dataDir(cluster));
}

/** Stop and remove the cluster if it exists (a run that died may have left it). */
export function dropCluster(cluster: Cluster): void {
  if (!exists(cluster)) return;
  try {
    run('pg_dropcluster', ['--stop', VERSION, cluster.name]);
  } catch {
    // A postmaster killed with -9 leaves a pid file whose stop fails; remove what is left by hand.
    fs.rmSync(dataDir(cluster), { recursive: true, force: true });
    fs.rmSync(confDir(cluster), { recursive: true, force: true });
  }
}

/** Settings the drill adds to a cluster (conf.d is included by Debian's postgresql.conf). */
function writeSettings(cluster: Cluster, settings: Record<string, string>): void {
  const lines = Object.entries(settings).map(([k, v]) => `${k} = '${v}'`);
  fs.writeFileSync(`${confDir(cluster)}/conf.d/drill.conf`, `${lines.join('\n')}\n`);
}

const PRIMARY_SETTINGS = {
  listen_addresses: '127.0.0.1',
  synchronous_commit: 'on',
  // Small machine: the drill's load needs few connections.
  max_connections: '60',
  shared_buffers: '64MB',
};

/** The primary, asynchronous until makeSynchronous (with no standby yet, every commit would wait). */
export function createPrimary(): void {
  run('pg_createcluster', [VERSION, PRIMARY.name, '-p', String(PRIMARY.port), '--', '--auth=trust']);
  writeSettings(PRIMARY, PRIMARY_SETTINGS);
  run('pg_ctlcluster', [VERSION, PRIMARY.name, 'start']);
}

/**
 * A commit on the primary returns only once the standby has it (`*`: any one standby; there is
 * one), so an acknowledged callback survives the primary's loss. A reload is enough.
 */
export function makeSynchronous(): void {
  writeSettings(PRIMARY, { ...PRIMARY_SETTINGS, synchronous_standby_names: '*' });
  run('pg_ctlcluster', [VERSION, PRIMARY.name, 'reload']);
}

/** The replica: an empty cluster's data directory replaced by a base backup of the primary that streams from it. */
export function createReplica(): void {
  run('pg_createcluster', [VERSION, REPLICA.name, '-p', String(REPLICA.port), '--', '--auth=trust']);
  writeSettings(REPLICA, { listen_addresses: '127.0.0.1', max_connections: '60', shared_buffers: '64MB' });
  // Emptied, not removed: the directory is the postgres user's, in a parent it may not write.
  for (const entry of fs.readdirSync(dataDir(REPLICA)))
    fs.rmSync(path.join(dataDir(REPLICA), entry), { recursive: true, force: true });
  asPostgres(`${BIN}/pg_basebackup`, [
    ...['-h', '127.0.0.1', '-p', String(PRIMARY.port), '-U', 'postgres'],
    ...['-D', dataDir(REPLICA), '-R', '-X', 'stream', '-c', 'fast'],
  ]);
  run('pg_ctlcluster', [VERSION, REPLICA.name, 'start']);
}

/** The postmaster's pid, from the first line of its pid file. */
export function postmasterPid(cluster: Cluster): number {
  return Number(fs.readFileSync(`${dataDir(cluster)}/postmaster.pid`, 'utf8').split('\n')[0]);
}

/** The primary's sudden death: SIGKILL to its postmaster, as a crashed host would look. */
export function killPrimary(): number {
  const pid = postmasterPid(PRIMARY);
  process.kill(pid, 'SIGKILL');
  return pid;
}

export function promoteReplica(): void {
  run('pg_ctlcluster', [VERSION, REPLICA.name, 'promote']);
}

export function dropAll(): void {
  for (const cluster of [PRIMARY, REPLICA]) dropCluster(cluster);
}
