// The baseline several benches print their figure against: pgbench running a two-account
// transfer (debit one row, credit another) per transaction on the same PostgreSQL database, in
// the same run, so the machine's state weighs on both alike.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema';

/** Write pgbench's table (1,000 accounts) into the database behind `db`. */
export async function createPgbenchAccounts(db: Kysely<Database>): Promise<void> {
  await sql`CREATE TABLE bench_accounts (id int PRIMARY KEY, balance bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO bench_accounts SELECT g, 1000000000 FROM generate_series(1, 1000) g`.execute(db);
}

/** Throw a clear error when the pgbench binary is missing. */
export function requirePgbench(): void {
  if (spawnSync('pgbench', ['--version']).status !== 0)
    throw new Error('pgbench is missing: apt-get install postgresql-client');
}

/** pgbench: a two-account transfer per transaction from `clients` clients for `seconds`; its tps. */
export function runPgbench(url: string, clients: number, seconds: number): number {
  return runPgbenchMeasured(url, clients, seconds).tps;
}

/** What one pgbench run did: its rate, its transactions, and the CPU its own client process used. */
export type PgbenchRun = { tps: number; transactions: number; clientCpuMs: number };

/**
 * The two-account transfer for `seconds` with `clients` connections. The shell's `times` after it
 * gives pgbench's own CPU, so a caller that measures the machine can tell the database's share.
 */
export function runPgbenchMeasured(url: string, clients: number, seconds: number): PgbenchRun {
  const script = `${process.env.TMPDIR ?? '/tmp'}/wps-transfer-${crypto.randomBytes(4).toString('hex')}.sql`;
  // Debits come from the lower half and credits go to the upper half, so lock order never cycles.
  const text = [
    '\\set a random(1, 500)',
    '\\set b random(501, 1000)',
    'BEGIN;',
    'UPDATE bench_accounts SET balance = balance - 1 WHERE id = :a;',
    'UPDATE bench_accounts SET balance = balance + 1 WHERE id = :b;',
    'END;',
    '',
  ].join('\n');
  spawnSync('sh', ['-c', `cat > ${script}`], { input: text });
  const args = ['-n', '-c', String(clients), '-j', '2', '-T', String(Math.max(1, Math.round(seconds))), '-f', script];
  // `times` prints the shell's CPU, then its children's (pgbench): user and system, as 0m1.234s.
  const r = spawnSync('sh', ['-c', 'pgbench "$@"; code=$?; times >&2; exit $code', 'sh', ...args, url], {
    encoding: 'utf8',
  });
  spawnSync('rm', ['-f', script]);
  const m = /tps = ([\d.]+)/.exec(r.stdout);
  if (r.status !== 0 || !m) throw new Error(`pgbench failed: ${r.stderr || r.stdout}`);
  const processed = /number of transactions actually processed: (\d+)/.exec(r.stdout);
  const times = r.stderr.trim().split('\n').at(-1) ?? '';
  const clientCpuMs = [...times.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (ms, [, min, sec]) => ms + (Number(min) * 60 + Number(sec)) * 1000,
    0,
  );
  return { tps: Number(m[1]), transactions: processed ? Number(processed[1]) : 0, clientCpuMs };
}
