// `npm run test:coverage`: every vitest project with v8 coverage (vitest.config.ts `coverage`),
// then one table of line and branch coverage per app and package, printed and written to
// .tmp/coverage/summary.md. On demand only: `npm test` does not run it (coverage slows the suites
// by about a third). With TEST_DATABASE_URL set, the database suites also run on PostgreSQL, as in
// CI; compare two runs made the same way. The browser suite is not measured (docs/testing.md).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const dir = path.join(root, '.tmp', 'coverage');
fs.rmSync(dir, { recursive: true, force: true });

const r = spawnSync('npx', ['vitest', 'run', '--coverage', ...process.argv.slice(2)], {
  stdio: ['ignore', 'inherit', 'inherit'],
});

const summaryFile = path.join(dir, 'coverage-summary.json');
if (!fs.existsSync(summaryFile)) {
  console.error('coverage: no coverage-summary.json was written');
  process.exit(r.status || 1);
}
const summary = JSON.parse(fs.readFileSync(summaryFile, 'utf8'));

/** The app or package a file belongs to: its first two path segments under the root. */
const GROUPS = ['apps/server', 'apps/web', 'apps/backoffice', 'packages/shared', 'packages/ui'];
const totals = new Map(GROUPS.map((g) => [g, { lines: [0, 0], branches: [0, 0] }]));
for (const [file, figures] of Object.entries(summary)) {
  if (file === 'total') continue;
  const rel = path.relative(root, file);
  const group = GROUPS.find((g) => rel.startsWith(`${g}/`));
  if (!group) continue;
  const t = totals.get(group);
  t.lines[0] += figures.lines.covered;
  t.lines[1] += figures.lines.total;
  t.branches[0] += figures.branches.covered;
  t.branches[1] += figures.branches.total;
}

const pct = ([covered, total]) =>
  total === 0 ? '—' : `${((covered / total) * 100).toFixed(2)} % (${covered}/${total})`;
const rows = [
  '| app or package | lines | branches |',
  '|---|---|---|',
  ...GROUPS.map((g) => `| \`${g}\` | ${pct(totals.get(g).lines)} | ${pct(totals.get(g).branches)} |`),
];
const table = rows.join('\n');
fs.writeFileSync(path.join(dir, 'summary.md'), `${table}\n`);
console.log(`\n${table}`);
process.exit(r.status ?? 1);
