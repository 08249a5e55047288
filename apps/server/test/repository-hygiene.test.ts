import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments, test titles and docs must make sense to someone who has only this repository. A
// reference to a tracker ticket by number, to a numbered section of a specification kept
// elsewhere, or to a path outside the checkout tells that reader nothing: say the reason in
// words instead, or name the entry of docs/decisions.md that records it.
//
// The patterns are assembled from pieces (and the section sign is written as an escape) so this
// file does not match itself. Nothing else is exempt: the SQL migrations are read by
// apps/server/src/db/migrate.ts without any checksum, so their comments can be reworded without
// touching a database that already applied them.

const ROOT = path.resolve(__dirname, '../../..');
const SECTION = '\u00a7';

const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'a ticket number', pattern: new RegExp('[Ii]' + 'ssue [0-9]+') },
  { name: 'a section sign with a number', pattern: new RegExp(SECTION + ' ?[0-9]') },
  { name: 'a section of the outside specification', pattern: new RegExp('spec ' + SECTION) },
  { name: 'the outside specification file', pattern: new RegExp('product-' + 'spec') },
  { name: 'a path to the shared folder outside the repository', pattern: new RegExp('\\.\\./' + 'shared/') },
  { name: 'an absolute path of the machine the code was written on', pattern: new RegExp('/' + 'work/') },
];

/** Files that are not prose or code: binary assets and the generated lockfile. */
const SKIPPED = /(^|\/)package-lock\.json$|\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|pdf|zip|gz)$/i;
const WALK_SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  '.tmp',
  'test-results',
  'playwright-report',
  'coverage',
]);

/** Every file of the checkout: tracked and new (not ignored) ones from git, or a walk of the tree without git. */
function listFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return [...new Set(out.split('\0').filter(Boolean))];
  } catch {
    const walk = (dir: string): string[] =>
      fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) return WALK_SKIPPED_DIRS.has(entry.name) ? [] : walk(rel);
        return entry.isFile() ? [rel] : [];
      });
    return walk('');
  }
}

/** The lines of a text with a forbidden reference, as `line: what it names (the line)`. */
function findReferences(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const names = FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ name }) => name);
    if (names.length > 0) found.push(`${index + 1}: ${names.join(', ')} (${line.trim().slice(0, 160)})`);
  });
  return found;
}

describe('repository hygiene: comments and docs stand on their own', () => {
  it('recognises each kind of outside reference, and not ordinary prose', () => {
    const outside = [
      '// Withdrawals (iss' + 'ue 3 ' + SECTION + '3): holds first',
      ' * The login-link rule (spec ' + SECTION + '4).',
      'see ' + SECTION + '2 for the signature',
      '-- Rules: ../' + 'shared/guide/ledger.md',
      'copied from /wo' + 'rk/notes/rules.md',
      'as product-' + 'spec.md says',
    ];
    for (const line of outside) expect(findReferences(line), line).toHaveLength(1);
    const fine = [
      '// Limits answer with their wait in the standard header too (RFC 9110, section 10.2.3).',
      '## Phone numbers after migration 0100',
      'signed as in section 2 (docs/vendor-api.md "Signing")',
      'report problems on the issue tracker',
    ];
    for (const line of fine) expect(findReferences(line), line).toEqual([]);
  });

  it('no file names a ticket number, an outside specification section or a path outside the repository', () => {
    const files = listFiles().filter((file) => !SKIPPED.test(file));
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of files) {
      const full = path.join(ROOT, file);
      if (!fs.existsSync(full) || !fs.statSync(full).isFile()) continue; // deleted in the working tree
      const text = fs.readFileSync(full, 'utf8');
      if (text.includes('\0')) continue; // binary
      for (const hit of findReferences(text)) offenders.push(`${file}:${hit}`);
    }
    expect(offenders, `say the reason in words this repository explains:\n${offenders.join('\n')}`).toEqual([]);
  });
});

// Rows are camelCase above the repository (docs/decisions.md, "Rows are camelCase above the
// repository"): a repository maps the snake_case columns it reads to camelCase names, and no other
// file of a module reads a column by its database name. A read is `.name` in code (not in a
// string, a template or a comment) where the name is a column of a table in src/db/tables and not
// a field name of the API (the shared schemas keep a few snake_case names of the reference site)
// or of an outside protocol named below. Object keys written to Kysely (`{ member_id: … }`) are
// not reads and are not counted.

const SERVER = path.join(ROOT, 'apps/server/src');
/** Snake_case names of outside protocols the server reads that are also column names. */
const OUTSIDE_WIRE_NAMES = new Set(['userinfo_endpoint']); // OpenID Connect discovery metadata
/**
 * Files not yet converted, with how many column reads each still has. A number may only go down:
 * convert a file and lower (or remove) its entry; a file not listed may have none.
 */
const NOT_YET_CAMEL: Record<string, number> = {};

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

/** The code of a TypeScript file with its comments, strings and templates blanked (lines kept). */
function codeOnly(source: string): string {
  let out = '';
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const two = source.slice(i, i + 2);
    const quote = source[i]!;
    let end = i + 1;
    if (two === '//') end = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i);
    else if (two === '/*') end = source.indexOf('*/', i + 2) < 0 ? source.length : source.indexOf('*/', i + 2) + 2;
    else if (quote === "'" || quote === '"' || quote === '`') {
      while (end < source.length && source[end] !== quote) end += source[end] === '\\' ? 2 : 1;
      end += 1;
    } else {
      out += quote;
      i += 1;
      continue;
    }
    out += blank(source.slice(i, end));
    i = end;
  }
  return out;
}

/** The snake_case names in a set of TypeScript sources, as keys (`name:`) or as listed. */
const snakeKeys = (sources: string[], pattern: RegExp): Set<string> =>
  new Set(sources.flatMap((text) => [...text.matchAll(pattern)].map((m) => m[1]!)));

function rowNameRules() {
  const ts = (dir: string) => filesUnder(dir).filter((file) => file.endsWith('.ts'));
  const read = (files: string[]) => files.map((file) => fs.readFileSync(file, 'utf8'));
  const columns = snakeKeys(read(ts(path.join(SERVER, 'db/tables'))), /^\s+([a-z][a-z0-9]*_[a-z0-9_]+)\??:/gm);
  const wire = snakeKeys(
    read(ts(path.join(ROOT, 'packages/shared/src'))),
    /['"]?\b([a-z][a-z0-9]*_[a-z0-9_]+)['"]?\??\s*:/g,
  );
  return { columns, allowed: new Set([...wire, ...OUTSIDE_WIRE_NAMES]) };
}

/** The column reads of a file's source, as `line: name`. */
function columnReads(source: string, rules: { columns: Set<string>; allowed: Set<string> }): string[] {
  const found: string[] = [];
  codeOnly(source)
    .split('\n')
    .forEach((line, index) => {
      for (const m of line.matchAll(/(?<=[\w$)\]!?])\.([a-z][a-z0-9]*_[a-z0-9_]+)\b/g)) {
        const name = m[1]!;
        if (rules.columns.has(name) && !rules.allowed.has(name)) found.push(`${index + 1}: ${name}`);
      }
    });
  return found;
}

/** The module files above the repositories: not a repository, a test or its support, nor a SQL file. */
function aboveRepositories(): string[] {
  const modules = path.join(SERVER, 'modules');
  return filesUnder(modules)
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => !/\.repository\.ts$|\.test\.ts$|\.test-support\.ts$|\/sql\//.test(file))
    .map((file) => path.relative(modules, file).split(path.sep).join('/'));
}

describe('repository hygiene: rows are camelCase above the repository', () => {
  const rules = rowNameRules();

  it('knows the columns and the API names it leaves alone', () => {
    expect(rules.columns.has('member_id')).toBe(true);
    expect(rules.columns.has('userinfo_endpoint')).toBe(true);
    expect(rules.allowed.has('userinfo_endpoint')).toBe(true);
    expect([...rules.allowed].filter((name) => rules.columns.has(name))).toEqual(['userinfo_endpoint']);
  });

  it('finds a column read in code, and not in strings, templates, comments, keys or API names', () => {
    const planted = [
      'const id = String(row.member_id);',
      'if (grant?.claim_until) return;',
      'list.map((r) => r.created_at)',
      'const n = rows[0]!.granted_count;',
    ];
    for (const line of planted) expect(columnReads(line, rules), line).toHaveLength(1);
    const fine = [
      "q.where('o.member_id', '=', id)",
      'sql`SELECT r.member_id FROM reward_grants AS r`',
      '// the row.member_id column',
      '/* reads g.claim_until */',
      '.values({ member_id: g.memberId, claim_until: g.claimUntil })',
      'const id = String(row.memberId);',
      'return { ...rest };',
      'const token = body.id_token;',
      'config.serverMetadata().userinfo_endpoint',
    ];
    for (const line of fine) expect(columnReads(line, rules), line).toEqual([]);
  });

  it('no module file above its repositories reads a column by its database name', () => {
    const files = aboveRepositories();
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    const counts: Record<string, number> = {};
    for (const file of files) {
      const reads = columnReads(fs.readFileSync(path.join(SERVER, 'modules', file), 'utf8'), rules);
      if (reads.length > 0) counts[file] = reads.length;
      if (reads.length > (NOT_YET_CAMEL[file] ?? 0)) offenders.push(...reads.map((read) => `${file}:${read}`));
    }
    expect(offenders, `map the row to camelCase in its repository:\n${offenders.join('\n')}`).toEqual([]);
    const converted = Object.keys(NOT_YET_CAMEL).filter((file) => !counts[file]);
    expect(converted, 'converted: remove these from NOT_YET_CAMEL').toEqual([]);
  });
});
