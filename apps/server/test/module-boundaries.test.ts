import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A module reads and writes its own tables; another module's rows come through that module's
// service. This test finds every table named in a module's code (Kysely's selectFrom, joins,
// updateTable, insertInto, deleteFrom, and the FROM/JOIN/UPDATE/INTO of sql`` templates) and
// fails when one belongs to another module, unless the pair is listed below with its reason.
// The owner of a table is the module whose file under db/tables/ declares it.

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

/** Tables outside modules/: created by migrations, owned by infrastructure. */
const INFRASTRUCTURE_TABLES = new Set(['schema_migrations', 'job_runs']);

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
    const module = file.replace(/\.ts$/, '');
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
        .matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/gi))
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
