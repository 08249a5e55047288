import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database';
import { applyFunctionFiles, pendingFunctionFiles, readFunctionFiles, type FunctionFile } from './function-files';

/** Arbitrary but fixed: every instance takes the same advisory lock before migrating. */
const MIGRATION_LOCK_ID = 727_274_001;

export type Migration = { version: number; name: string; sql: string };

/** Locate the numbered SQL files: src/db/migrations in development, dist/migrations in the bundle. */
export function findMigrationsDir(): string {
  const candidates = [new URL('./migrations/', import.meta.url), new URL('./db/migrations/', import.meta.url)];
  for (const c of candidates) {
    const p = fileURLToPath(c);
    if (fs.existsSync(p)) return p;
  }
  throw new Error('migrations directory not found');
}

/** The NNNN_name.sql file names in `dir`, in version order. */
function migrationFileNames(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/** Read NNNN_name.sql files in version order. */
export function readMigrations(dir = findMigrationsDir()): Migration[] {
  return migrationFileNames(dir).map((f) => ({
    version: Number(f.slice(0, 4)),
    name: f.replace(/\.sql$/, ''),
    sql: fs.readFileSync(`${dir}/${f}`, 'utf8'),
  }));
}

/** The newest numbered migration shipped: the schema the function files are written for. */
function newestShippedVersion(): number {
  const newest = migrationFileNames(findMigrationsDir()).at(-1);
  return newest === undefined ? 0 : Number(newest.slice(0, 4));
}

/**
 * Names of the migrations in `migrations` that the database has not applied, then of the function
 * files whose text it has not applied (`function <name>`): the readiness probe asks.
 */
export async function pendingMigrations(
  handle: Pick<DatabaseHandle, 'db'>,
  migrations = readMigrations(),
  functionFiles = readFunctionFiles(),
): Promise<string[]> {
  const applied = new Set(
    (await handle.db.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version),
  );
  const functions = await pendingFunctionFiles(handle, functionFiles);
  return [
    ...migrations.filter((m) => !applied.has(m.version)).map((m) => m.name),
    ...functions.map((f) => `function ${f.name}`),
  ];
}

/**
 * Apply pending migrations in one transaction under an advisory lock, so two instances
 * starting together apply each migration exactly once. Forward-only: nothing is ever undone.
 * Then, in the same transaction, the function files whose text changed (function-files.ts): the
 * migrations have created every table and trigger they use (only once the database holds the newest
 * migration shipped). Returns the migrations' names, then
 * `function <name>` for each function file applied.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  migrations = readMigrations(),
  functionFiles: readonly FunctionFile[] = readFunctionFiles(),
): Promise<string[]> {
  return handle.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const applied = new Set(
      (await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version),
    );
    const done: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      await handle.execScript(trx, m.sql);
      await trx.insertInto('schema_migrations').values({ version: m.version, name: m.name }).execute();
      applied.add(m.version);
      done.push(m.name);
    }
    // The files hold each function's live text, written for the newest schema (a function may read
    // a table a late migration adds). A run that stops short of it (a test of one migration's data
    // step migrates up to the version before it, writes old rows, then migrates the rest) leaves
    // the migrations' own versions in place until the run that reaches the newest.
    const functions = applied.has(newestShippedVersion()) ? await applyFunctionFiles(handle, trx, functionFiles) : [];
    return [...done, ...functions.map((name) => `function ${name}`)];
  });
}
