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
  const r = spawnSync(
    'pgbench',
    ['-n', '-c', String(clients), '-j', '2', '-T', String(Math.max(1, Math.round(seconds))), '-f', script, url],
    { encoding: 'utf8' },
  );
  spawnSync('rm', ['-f', script]);
  const m = /tps = ([\d.]+)/.exec(r.stdout);
  if (r.status !== 0 || !m) throw new Error(`pgbench failed: ${r.stderr || r.stdout}`);
  return Number(m[1]);
}
