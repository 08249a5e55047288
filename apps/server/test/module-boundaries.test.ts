import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A module reads and writes its own tables; another module's rows come through that module's
// service. This test finds every table named in a module's code (Kysely's selectFrom, joins,
// updateTable, insertInto, deleteFrom, and the FROM/JOIN/UPDATE/INTO of sql`` templates) and
// fails when one belongs to another module, unless the pair is listed below with its reason.
// The owner of a table is the module whose file under db/tables/ declares it. The database's
// functions (modules/<owner>/sql/<name>.sql) are read too: a function may read any table, but
// writes only its module's tables, like the module's TypeScript.

const SRC = path.resolve(__dirname, '../src');
const MODULES = path.join(SRC, 'modules');

/** Tables declared in one module's db/tables file but kept by another module. */
const OWNER_OVERRIDES: Record<string, string> = {
  // Declared beside the operator tables, written only by the audit module.
  audit_log: 'audit',
  // Declared beside the operator tables, written only by the messages module.
  member_notices: 'messages',
  // Declared with the member tables ("owned by the member and session modules"), kept by the session module.
  member_sessions: 'session',
  // No Kysely type: read only by SQL functions (seamless_apply) and checked against the gateway's list.
  seamless_refusals: 'gateway',
};

/** db/tables files named otherwise than the module folder that keeps their tables. */
const TABLE_FILE_MODULES: Record<string, string> = {
  // The agent centre is part of the agents module (modules/agents/centre, and its SQL functions in modules/agents/sql).
  'agent-centre': 'agents',
};

/** Tables outside modules/: created by migrations, owned by infrastructure. */
const INFRASTRUCTURE_TABLES = new Set(['schema_migrations', 'schema_functions', 'job_runs']);

type Exception = { file: string; table: string; reason: string };

/**
 * Cross-module reads and writes that stay, each with why. A new one is a review decision: add it
 * here with its reason (and in docs/architecture.md), or go through the owning module: its
 * service, a function it exports, or a view it exports (`<module>-views.ts`) joined as a derived
 * table when the rows must be read in the caller's statement.
 */
const EXCEPTIONS: Exception[] = [
  {
    file: 'records/identity-reader.ts',
    table: 'member_identities',
    reason:
      "the regulator's bettors file carries each player's CPF; read here while the identity module that owns the table is built beside the records module, to move behind its view",
  },
];

type SqlException = { file: string; tables: string[]; reason: string };

/** SQL functions that write another module's tables, each with why (file: <module>/sql/<name>.sql). */
const SQL_EXCEPTIONS: SqlException[] = [
  {
    file: 'gateway/sql/round_counters_add.sql',
    tables: ['agent_member_daily', 'reporting_game_hourly', 'reward_events'],
    reason:
      "a seamless batch's round changes counted once per batch where the reporting, agents and rewards triggers on game_rounds would count them one change at a time (the batch turns those triggers off); the same figures those modules' trigger functions write",
  },
];

const KYSELY_TABLE_CALLS = new Set([
  'selectFrom',
  'updateTable',
  'insertInto',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
]);
const SQL_TABLE_PATTERN = /\b(?:FROM|JOIN|UPDATE|INTO)\s+([a-z_][a-z0-9_]*)/gi;

/** table → owning module, from the db/tables files (and the overrides). */
function readOwnership(): Map<string, string> {
  const owners = new Map<string, string>();
  const dir = path.join(SRC, 'db/tables');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const module = TABLE_FILE_MODULES[file.replace(/\.ts$/, '')] ?? file.replace(/\.ts$/, '');
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(path.join(dir, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    source.forEachChild((node) => {
      // export type XTables = { table_name: {...}; ... }
      if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) {
        for (const member of node.type.members) {
          if (ts.isPropertySignature(member) && member.type && ts.isTypeLiteralNode(member.type))
            owners.set(member.name.getText(source), module);
        }
      }
    });
  }
  for (const [table, module] of Object.entries(OWNER_OVERRIDES)) owners.set(table, module);
  return owners;
}

/** Every table a source file names in a Kysely call or an sql`` template. */
function findTables(file: string, text = fs.readFileSync(file, 'utf8')): Set<string> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const tables = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : undefined;
      const first = node.arguments[0];
      if (name && KYSELY_TABLE_CALLS.has(name) && first && ts.isStringLiteralLike(first)) {
        tables.add(first.text.trim().split(/\s+/)[0]!);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source).split('.')[0] === 'sql') {
      const template = node.template;
      const text = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((s) => s.literal.text)].join(' $ ');
      for (const match of text.matchAll(SQL_TABLE_PATTERN)) tables.add(match[1]!);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return tables;
}

const SQL_WRITE_PATTERN = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/gi;

/** Every table a SQL text writes (INSERT INTO, also with ON CONFLICT; UPDATE; DELETE FROM), comments and string literals aside. */
function findSqlWrites(text: string): Set<string> {
  const code = text.replace(/--[^\n]*/g, '').replace(/'(?:[^']|'')*'/g, "''");
  return new Set([...code.matchAll(SQL_WRITE_PATTERN)].map((m) => m[1]!.toLowerCase()));
}

/** The function files: modules/<module>/sql/<name>.sql, as `<module>/sql/<name>.sql`. */
function listSqlFiles(): { module: string; file: string }[] {
  return fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(MODULES, entry.name, 'sql')))
    .flatMap((entry) =>
      fs
        .readdirSync(path.join(MODULES, entry.name, 'sql'))
        .filter((f) => f.endsWith('.sql'))
        .map((f) => ({ module: entry.name, file: `${entry.name}/sql/${f}` })),
    );
}

/** `<file> → <table>` for each write of another module's table by a function file, less `exceptions`. */
function sqlWritesOutsideExceptions(owners: Map<string, string>, exceptions: readonly SqlException[]): string[] {
  const allowed = new Set(exceptions.flatMap((e) => e.tables.map((t) => `${e.file} → ${t}`)));
  const found: string[] = [];
  for (const { module, file } of listSqlFiles()) {
    for (const table of findSqlWrites(fs.readFileSync(path.join(MODULES, file), 'utf8'))) {
      const owner = owners.get(table);
      if (owner && owner !== module && !allowed.has(`${file} → ${table}`))
        found.push(`${file} → ${table} (owned by ${owner})`);
    }
  }
  return found;
}

function listModuleFiles(): { module: string; file: string }[] {
  const modules = fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return modules.flatMap((module) =>
    fs
      .readdirSync(path.join(MODULES, module))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-support'))
      .map((f) => ({ module, file: `${module}/${f}` })),
  );
}

describe('module boundaries', () => {
  const owners = readOwnership();

  it('knows the owner of every table the migrations create', () => {
    const dir = path.join(SRC, 'db/migrations');
    const created = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
      for (const m of fs
        .readFileSync(path.join(dir, file), 'utf8')
        // A partition (PARTITION OF) belongs to its parent's owner.
        .matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)\b(?! PARTITION OF)/gi))
        created.add(m[1]!);
    }
    const orphans = [...created].filter((t) => !owners.has(t) && !INFRASTRUCTURE_TABLES.has(t));
    expect(orphans).toEqual([]);
    expect(created.size).toBeGreaterThan(40);
  });

  it("no module names another module's table outside the listed exceptions", () => {
    const found: string[] = [];
    for (const { module, file } of listModuleFiles()) {
      for (const table of findTables(path.join(MODULES, file))) {
        const owner = owners.get(table);
        if (owner && owner !== module) found.push(`${file} → ${table} (owned by ${owner})`);
      }
    }
    const allowed = new Set(EXCEPTIONS.map((e) => `${e.file} → ${e.table}`));
    const unexpected = found.filter((f) => !allowed.has(f.replace(/ \(owned by .*\)$/, '')));
    expect(unexpected, 'go through the owning module, or list the pair in EXCEPTIONS with its reason').toEqual([]);
    // An exception that no longer happens is removed, so the list stays the real one.
    const stale = [...allowed].filter((a) => !found.some((f) => f.startsWith(`${a} (`)));
    expect(stale).toEqual([]);
  });

  it("no SQL function writes another module's table outside the listed exceptions", () => {
    expect(listSqlFiles().length).toBeGreaterThan(40);
    expect(
      sqlWritesOutsideExceptions(owners, SQL_EXCEPTIONS),
      "write through the owning module's function, or list the file in SQL_EXCEPTIONS with its reason",
    ).toEqual([]);
    // Each exception is still needed: without it, its writes are refused.
    for (const exception of SQL_EXCEPTIONS) {
      const without = SQL_EXCEPTIONS.filter((e) => e !== exception);
      expect(sqlWritesOutsideExceptions(owners, without).sort()).toEqual(
        exception.tables.map((t) => `${exception.file} → ${t} (owned by ${owners.get(t)})`).sort(),
      );
    }
  });

  it('finds the tables a SQL function writes (the scanner itself)', () => {
    const sample = [
      '-- UPDATE members in a comment is ignored',
      'CREATE OR REPLACE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN',
      '  INSERT INTO ledger_entries AS e (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = e.a;',
      '  update round_bets SET x = 1; DELETE FROM otp_codes WHERE true;',
      "  SELECT 1 FROM games; RAISE EXCEPTION 'UPDATE deposit_orders refused';",
      'END $$;',
    ].join('\n');
    expect([...findSqlWrites(sample)].sort()).toEqual(['ledger_entries', 'otp_codes', 'round_bets', 'set']);
  });

  it('finds tables in Kysely calls and in sql templates (the scanner itself)', () => {
    const sample = [
      "db.selectFrom('deposit_orders as o').innerJoin('members as m', 'm.id', 'o.member_id');",
      "exists(selectFrom('member_sessions as s'));",
      "db.updateTable('games'); db.insertInto('round_bets'); db.deleteFrom('otp_codes');",
      'sql`SELECT 1 FROM ledger_accounts a JOIN ledger_entries e ON e.id = ${id} WHERE x`.execute(db);',
      'sql<{ n: string }>`UPDATE vendor_wallets SET v = 1; INSERT INTO audit_log VALUES (1)`;',
      "const words = 'select from games'; // not a call: ignored",
    ].join('\n');
    expect([...findTables('sample.ts', sample)].sort()).toEqual(
      [
        'audit_log',
        'deposit_orders',
        'games',
        'ledger_accounts',
        'ledger_entries',
        'member_sessions',
        'members',
        'otp_codes',
        'round_bets',
        'vendor_wallets',
      ].sort(),
    );
  });
});
