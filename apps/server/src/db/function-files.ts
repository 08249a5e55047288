import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './database';
import type { Database } from './schema';

// The database's functions, one file each in the module that owns them
// (modules/<owner>/sql/<name>.sql). The numbered migrations still create the tables, triggers and
// the functions' first versions; the files hold each function's live text. After the migrations,
// in the same transaction, every file whose text differs from what schema_functions recorded is
// applied, in the order its `-- requires: <function>` lines ask.

export type FunctionFile = {
  /** The function's name: the file's name, and what it creates. */
  name: string;
  /** The module folder the file lives in (its owner). */
  module: string;
  sql: string;
  /** sha256 of the text, hex: a file is applied again when this differs from the recorded one. */
  checksum: string;
  /** Functions this one needs to exist first (its `-- requires:` lines). */
  requires: string[];
};

const NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;

/**
 * Locate the modules' function files: src/modules in development (this file is src/db), and
 * dist/modules in the bundle (build.mjs copies each modules/<owner>/sql there), both laid out
 * as <owner>/sql/<name>.sql.
 */
export function findFunctionFilesRoot(): string {
  const candidates = [new URL('../modules/', import.meta.url), new URL('./modules/', import.meta.url)];
  for (const c of candidates) {
    const p = fileURLToPath(c);
    if (fs.existsSync(p)) return p;
  }
  throw new Error('function files (modules/<owner>/sql) not found');
}

/** Parse one function file: its name, owner and `-- requires:` header lines. */
export function parseFunctionFile(module: string, file: string, text: string): FunctionFile {
  const name = file.replace(/\.sql$/, '');
  if (!NAME_PATTERN.test(name)) throw new Error(`function file ${module}/sql/${file}: not a function name`);
  if (!new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\s*\\(`, 'm').test(text))
    throw new Error(`function file ${module}/sql/${file} does not CREATE OR REPLACE FUNCTION ${name}`);
  const requires = [...text.matchAll(/^--\s*requires:\s*([a-z_][a-z0-9_]*)\s*$/gm)].map((m) => m[1]!);
  const checksum = crypto.createHash('sha256').update(text).digest('hex');
  return { name, module, sql: text, checksum, requires };
}

/** Every modules/<owner>/sql/<name>.sql under `root`, in name order (not yet in requires order). */
export function readFunctionFiles(root = findFunctionFilesRoot()): FunctionFile[] {
  const files: FunctionFile[] = [];
  for (const module of fs.readdirSync(root).sort()) {
    const dir = path.join(root, module, 'sql');
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql')))
      files.push(parseFunctionFile(module, file, fs.readFileSync(path.join(dir, file), 'utf8')));
  }
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The files in an order where each comes after the functions it requires (ties by name, so the
 * order is the same on every run). Refuses a name defined twice, a requirement no file defines,
 * and a cycle, naming the files involved.
 */
export function orderFunctionFiles(files: readonly FunctionFile[]): FunctionFile[] {
  const byName = new Map<string, FunctionFile>();
  for (const f of files) {
    const other = byName.get(f.name);
    if (other) throw new Error(`function ${f.name} is defined by two files (${other.module}, ${f.module})`);
    byName.set(f.name, f);
  }
  for (const f of files)
    for (const r of f.requires)
      if (!byName.has(r))
        throw new Error(`function file ${f.module}/sql/${f.name}.sql requires ${r}, which no file defines`);

  const ordered: FunctionFile[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (f: FunctionFile, trail: string[]) => {
    const s = state.get(f.name);
    if (s === 'done') return;
    if (s === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(f.name)), f.name];
      throw new Error(`function files require each other in a cycle: ${cycle.join(' → ')}`);
    }
    state.set(f.name, 'visiting');
    for (const r of [...f.requires].sort()) visit(byName.get(r)!, [...trail, f.name]);
    state.set(f.name, 'done');
    ordered.push(f);
  };
  for (const f of [...files].sort((a, b) => (a.name < b.name ? -1 : 1))) visit(f, []);
  return ordered;
}

/** name → recorded checksum; empty when schema_functions does not exist yet (before its migration). */
async function recordedChecksums(db: Kysely<Database>): Promise<Map<string, string>> {
  const exists = await sql<{ t: string | null }>`SELECT to_regclass('schema_functions')::text AS t`.execute(db);
  if (!exists.rows[0]?.t) return new Map();
  const rows = await db.selectFrom('schema_functions').select(['name', 'checksum']).execute();
  return new Map(rows.map((r) => [r.name, r.checksum]));
}

/** The function files whose text the database has not applied (new or changed), in requires order. */
export async function pendingFunctionFiles(
  handle: Pick<DatabaseHandle, 'db'>,
  files: readonly FunctionFile[],
): Promise<FunctionFile[]> {
  const recorded = await recordedChecksums(handle.db);
  return orderFunctionFiles(files).filter((f) => recorded.get(f.name) !== f.checksum);
}

/**
 * Apply the pending function files on `trx` (the migration runner's transaction, under its lock)
 * and record their checksums. Returns the names applied.
 */
export async function applyFunctionFiles(
  handle: Pick<DatabaseHandle, 'execScript'>,
  trx: Kysely<Database>,
  files: readonly FunctionFile[],
): Promise<string[]> {
  const pending = await pendingFunctionFiles({ db: trx }, files);
  for (const f of pending) {
    await handle.execScript(trx, f.sql);
    await trx
      .insertInto('schema_functions')
      .values({ name: f.name, checksum: f.checksum })
      .onConflict((oc) => oc.column('name').doUpdateSet({ checksum: f.checksum, applied_at: sql`now()` }))
      .execute();
  }
  return pending.map((f) => f.name);
}
