import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { orderFunctionFiles, parseFunctionFile, readFunctionFiles, type FunctionFile } from '../src/db/function-files';
import { pendingMigrations, readMigrations, runMigrations } from '../src/db/migrate';
import { createScratchPostgres, describeEachDatabase, provided, type DatabaseTarget } from './test-app';

// The functions moved out of the numbered migrations into modules/<owner>/sql unchanged: a
// database built by the numbered migrations alone and one built by the whole runner (migrations,
// then the function files) hold the same functions with the same definitions.

/**
 * Functions whose file was deliberately changed (or added) after the move, each with why: their
 * definition differs from the one the numbered migrations leave. Every other function must be identical.
 */
const CHANGED_SINCE_THE_MOVE: Record<string, string> = {
  ledger_check_balanced:
    'ledger_entries is partitioned by month (migration 0765): the entry side is named by its partition, and the check reads the one month',
  round_bets_guard_update: "reads the bet's round through game_round_keys, in its month (migration 0765)",
  round_counters_add:
    'reads the settled rounds by id and month, their created_at a ninth argument (migration 0765 drops the eight-argument version)',
  seamless_apply:
    'claims vendor ids in the key tables of the partitioned rounds and bets, and reads them in their month (migration 0765)',
  ledger_post_set:
    "new: the ledger's one set-based writer of planned posts (transactions, entries, balances), which the seamless batches carried a copy of each",
  seamless_bet_many:
    "its ledger writes go through the ledger's ledger_post_set (by seamless_post_plan) instead of its own copy of them; vendor ids claimed in the key tables (migration 0765)",
  seamless_post_plan:
    "new: the seamless batches' planned bets or wins as ledger posts, handed to ledger_post_set (one place for what the two batches shared)",
  seamless_win_many:
    "its ledger writes go through the ledger's ledger_post_set (by seamless_post_plan) instead of its own copy of them",
};

type Opened = { database: DatabaseHandle; drop: () => Promise<void> };

/** An empty database of the target's kind (PostgreSQL: a new scratch database; PGlite: in memory). */
async function openEmpty(target: DatabaseTarget): Promise<Opened> {
  const scratch = target === 'postgres' ? await createScratchPostgres() : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 2 });
  return { database, drop: async () => (await database.close(), await scratch?.drop()) };
}

/** A database migrated by the whole runner: the run's migrated template when there is one. */
async function openMigrated(target: DatabaseTarget): Promise<Opened> {
  const scratch = target === 'postgres' ? await createScratchPostgres({ migrated: true }) : undefined;
  const template = target === 'pglite' ? provided('pgliteTemplate') : '';
  const loadDataDir = template ? new Blob([await fs.promises.readFile(template)]) : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 2, loadDataDir });
  await runMigrations(database);
  return { database, drop: async () => (await database.close(), await scratch?.drop()) };
}

/** name → pg_get_functiondef of every function in the public schema. */
async function functionDefinitions(database: DatabaseHandle): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; args: string; def: string }>`
    SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS args, pg_get_functiondef(p.oid) AS def
    FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public'
    ORDER BY 1, 2`.execute(database.db);
  return new Map(rows.map((r) => [`${r.name}(${r.args})`, r.def]));
}

function fakeFile(name: string, requires: string[] = [], extra = ''): FunctionFile {
  const text = `-- ${name}: a test function.${extra}\n${requires.map((r) => `-- requires: ${r}\n`).join('')}CREATE OR REPLACE FUNCTION ${name}() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;\n`;
  return parseFunctionFile('test', `${name}.sql`, text);
}

it('orders function files by their requires lines, and refuses a cycle or an unknown name', () => {
  const order = orderFunctionFiles([fakeFile('c', ['b']), fakeFile('a'), fakeFile('b', ['a'])]).map((f) => f.name);
  expect(order).toEqual(['a', 'b', 'c']);
  expect(() => orderFunctionFiles([fakeFile('a', ['b']), fakeFile('b', ['c']), fakeFile('c', ['a'])])).toThrow(
    'function files require each other in a cycle: a → b → c → a',
  );
  expect(() => orderFunctionFiles([fakeFile('a', ['missing'])])).toThrow('requires missing, which no file defines');
  expect(() => parseFunctionFile('test', 'a.sql', 'CREATE OR REPLACE FUNCTION b() …')).toThrow(
    'does not CREATE OR REPLACE FUNCTION a',
  );
  // The repository's own files form no cycle and name no unknown function.
  expect(orderFunctionFiles(readFunctionFiles())).toHaveLength(readFunctionFiles().length);
});

describeEachDatabase('function files', (target) => {
  let numbered: Opened;
  let full: Opened;
  const files = readFunctionFiles();

  beforeAll(async () => {
    [numbered, full] = await Promise.all([openEmpty(target), openMigrated(target)]);
    // The numbered migrations alone: no function file applied.
    await runMigrations(numbered.database, readMigrations(), []);
  }, 120_000);
  afterAll(async () => {
    await numbered?.drop();
    await full?.drop();
  });

  it('leaves every function as the numbered migrations defined it, and one file per live function', async () => {
    const before = await functionDefinitions(numbered.database);
    const after = await functionDefinitions(full.database);
    // No function lost; one added only when listed (a new function differs from its absence).
    expect([...before.keys()].filter((k) => !after.has(k))).toEqual([]);
    const names = (keys: Iterable<string>) => [...keys].map((k) => k.slice(0, k.indexOf('('))).sort();
    expect(files.map((f) => f.name).sort()).toEqual([...new Set(names(after.keys()))]);
    const differing = [...after.keys()].filter((k) => before.get(k) !== after.get(k));
    expect(names(differing)).toEqual(Object.keys(CHANGED_SINCE_THE_MOVE).sort());
  });

  it('applies a file again only when its text changed, and records it', async () => {
    const db = numbered.database;
    expect(await pendingMigrations(db, readMigrations(), files)).toHaveLength(files.length);
    expect(await runMigrations(db, readMigrations(), files)).toHaveLength(files.length);
    expect(await pendingMigrations(db, readMigrations(), files)).toEqual([]);
    expect(await runMigrations(db, readMigrations(), files)).toEqual([]);

    const original = files.find((f) => f.name === 'format_minor')!;
    const edited = parseFunctionFile(original.module, 'format_minor.sql', `-- An edited header.\n${original.sql}`);
    const changed = files.map((f) => (f === original ? edited : f));
    expect(await pendingMigrations(db, readMigrations(), changed)).toEqual(['function format_minor']);
    expect(await runMigrations(db, readMigrations(), changed)).toEqual(['function format_minor']);
    expect(await runMigrations(db, readMigrations(), changed)).toEqual([]);
    const recorded = await db.db
      .selectFrom('schema_functions')
      .select('checksum')
      .where('name', '=', 'format_minor')
      .executeTakeFirstOrThrow();
    expect(recorded.checksum).toBe(edited.checksum);
  });
});
