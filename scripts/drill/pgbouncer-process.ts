// The PgBouncer drill's pooler: its ini file, its own process (never the system service on 6432)
// and its admin console. Transaction pooling: a server connection is lent to a client for one
// transaction, then goes back to the pool, which is what lets many app connections share a few
// PostgreSQL ones, and what breaks anything that needs a session (docs/operations.md, "PgBouncer in
// transaction mode"). The scratch folder (ini, user list, log, pid file) is the drill's own and is
// removed with it.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { run, waitUntil } from './pg-clusters';

export type Bouncer = {
  port: number;
  /** The clients' URL: postgres://postgres@127.0.0.1:<port>/<database>. */
  url: string;
  dir: string;
  child: ChildProcess | null;
};

/**
 * The ini. auth_type = trust, as the drill's cluster trusts the loopback (the user must still be
 * in auth_file). No unix socket: the machine's other PgBouncer and PostgreSQL own theirs.
 * No ignore_startup_parameters: node-postgres sends only user and database (and `options` when
 * libpq's PGOPTIONS is set, which PgBouncer refuses as an unsupported startup parameter: the drill's
 * children run without it). Ignoring `options` instead would drop its settings without a word.
 */
export function bouncerIni(opts: {
  port: number;
  database: string;
  serverPort: number;
  dir: string;
  poolSize: number;
}): string {
  return `[databases]
${opts.database} = host=127.0.0.1 port=${opts.serverPort} dbname=${opts.database}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${opts.port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(opts.dir, 'userlist.txt')}
admin_users = postgres
stats_users = postgres
pool_mode = transaction
default_pool_size = ${opts.poolSize}
min_pool_size = 0
reserve_pool_size = 0
max_client_conn = 200
server_reset_query =
logfile = ${path.join(opts.dir, 'pgbouncer.log')}
pidfile = ${path.join(opts.dir, 'pgbouncer.pid')}
`;
}

/** Stop a PgBouncer a dead run left in `dir` (its pid file names it; nothing else is touched). */
export function stopStaleBouncer(dir: string): void {
  const pidFile = path.join(dir, 'pgbouncer.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  try {
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Write the ini and start PgBouncer as the postgres user; resolves once it accepts connections. */
export async function startBouncer(opts: {
  dir: string;
  port: number;
  database: string;
  serverPort: number;
  poolSize: number;
}): Promise<Bouncer> {
  stopStaleBouncer(opts.dir);
  fs.rmSync(opts.dir, { recursive: true, force: true });
  fs.mkdirSync(opts.dir, { recursive: true });
  fs.writeFileSync(path.join(opts.dir, 'userlist.txt'), '"postgres" ""\n');
  fs.writeFileSync(path.join(opts.dir, 'pgbouncer.ini'), bouncerIni(opts));
  run('chown', ['-R', 'postgres:postgres', opts.dir]);
  const child = spawn('runuser', ['-u', 'postgres', '--', 'pgbouncer', path.join(opts.dir, 'pgbouncer.ini')], {
    // It logs to its logfile too (kept in the scratch folder while the drill runs).
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const bouncer: Bouncer = {
    port: opts.port,
    url: `postgres://postgres@127.0.0.1:${opts.port}/${opts.database}`,
    dir: opts.dir,
    child,
  };
  let up = false;
  await waitUntil(
    'PgBouncer to accept connections',
    () => {
      void admin(bouncer, 'SHOW VERSION').then(
        () => (up = true),
        () => undefined,
      );
      return up;
    },
    20_000,
  );
  return bouncer;
}

export async function stopBouncer(bouncer: Bouncer | null): Promise<void> {
  const child = bouncer?.child;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // runuser passes SIGTERM on to pgbouncer, which closes its connections and exits.
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

/** One command on the admin console (the virtual `pgbouncer` database): its rows. */
export async function admin<T = Record<string, unknown>>(bouncer: Bouncer, command: string): Promise<T[]> {
  // The admin console speaks the simple protocol only, which pg uses for a query with no parameters.
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${bouncer.port}/pgbouncer` });
  await client.connect();
  try {
    return (await client.query(command)).rows as T[];
  } finally {
    await client.end();
  }
}

export type PoolSample = { clActive: number; clWaiting: number; clients: number; servers: number };

/** SHOW POOLS for `database`: the clients connected and the server connections open for them. */
export async function samplePools(bouncer: Bouncer, database: string): Promise<PoolSample> {
  const rows = await admin<Record<string, string | number>>(bouncer, 'SHOW POOLS');
  const pool = rows.find((r) => r.database === database);
  if (!pool) return { clActive: 0, clWaiting: 0, clients: 0, servers: 0 };
  const n = (key: string) => Number(pool[key] ?? 0);
  return {
    clActive: n('cl_active'),
    clWaiting: n('cl_waiting'),
    clients: n('cl_active') + n('cl_waiting'),
    servers: n('sv_active') + n('sv_idle') + n('sv_used') + n('sv_tested') + n('sv_login'),
  };
}

/** SHOW STATS for `database`: transactions and queries PgBouncer passed on since it started. */
export async function bouncerStats(bouncer: Bouncer, database: string): Promise<{ xacts: number; queries: number }> {
  const rows = await admin<Record<string, string | number>>(bouncer, 'SHOW STATS');
  const row = rows.find((r) => r.database === database);
  return { xacts: Number(row?.total_xact_count ?? 0), queries: Number(row?.total_query_count ?? 0) };
}
