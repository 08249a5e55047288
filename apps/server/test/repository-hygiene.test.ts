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
