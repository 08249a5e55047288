// `npm test`: every check the project has, in order, stopping at the first failure.
// Chromium → typecheck → lint → vitest (unit + API; also PostgreSQL when TEST_DATABASE_URL is set)
// → build → deploy-check (the Dockerfile's steps) → Playwright. Ends with one plain
// `N passed, N failed` line that CI reads.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const TMP = path.join(root, '.tmp');
const VITEST_JSON = path.join(TMP, 'vitest.json');
const PLAYWRIGHT_JSON = path.join(TMP, 'playwright.json');

const totals = { passed: 0, failed: 0, skipped: 0 };

/** Run a command with inherited output and no stdin (CI has none); return its exit status. */
function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  if (r.error) console.error(r.error.message);
  return r.status ?? 1;
}

/** Read a JSON report if the runner wrote one. */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Count vitest results from its JSON reporter; a failed run with no failed test counts its failed files. */
function countVitest(status) {
  const report = readJson(VITEST_JSON);
  if (!report) return { passed: 0, failed: status === 0 ? 0 : 1, skipped: 0 };
  let failed = report.numFailedTests ?? 0;
  if (status !== 0 && failed === 0) failed = Math.max(1, report.numFailedTestSuites ?? 0);
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Count Playwright results from its JSON reporter's stats (flaky tests passed on retry). */
function countPlaywright(status) {
  const stats = readJson(PLAYWRIGHT_JSON)?.stats;
  if (!stats) return { passed: 0, failed: status === 0 ? 0 : 1, skipped: 0 };
  let failed = stats.unexpected ?? 0;
  if (status !== 0 && failed === 0) failed = 1;
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed, skipped: stats.skipped ?? 0 };
}

const steps = [
  { name: 'chromium', run: () => run('node', ['scripts/ensure-chromium.mjs']) },
  { name: 'typecheck', run: () => run('npm', ['run', 'typecheck']) },
  { name: 'lint', run: () => run('npm', ['run', 'lint']) },
  {
    name: 'vitest',
    run: () => {
      fs.rmSync(VITEST_JSON, { force: true });
      return run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`]);
    },
    count: countVitest,
  },
  { name: 'build', run: () => run('npm', ['run', 'build']) },
  // The Dockerfile's steps in a scratch directory, then the image's start command (no container engine in CI).
  { name: 'deploy-check', run: () => run('node', ['scripts/deploy-check.mjs']) },
  {
    name: 'e2e',
    run: () => {
      fs.rmSync(PLAYWRIGHT_JSON, { force: true });
      return run('node', ['scripts/e2e.mjs', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_JSON });
    },
    count: countPlaywright,
  },
];

// Developer shortcuts: `npm test -- --only vitest,e2e` or `npm test -- --from build`. CI runs everything.
function selectSteps(argv) {
  const value = (flag) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const names = steps.map((s) => s.name);
  const only = value('--only')?.split(',');
  const from = value('--from');
  for (const n of [...(only ?? []), ...(from ? [from] : [])]) {
    if (!names.includes(n)) {
      console.error(`unknown step "${n}"; steps: ${names.join(', ')}`);
      process.exit(2);
    }
  }
  if (only) return steps.filter((s) => only.includes(s.name));
  if (from) return steps.slice(names.indexOf(from));
  return steps;
}

const selected = selectSteps(process.argv.slice(2));
fs.mkdirSync(TMP, { recursive: true });
const timings = [];
const started = Date.now();
let exitCode = 0;

for (const step of selected) {
  console.log(`\n=== ${step.name} ===`);
  const t0 = Date.now();
  const status = step.run();
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  const line = `[test] ${step.name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s`;
  timings.push(line);
  console.log(line);
  if (step.count) {
    const c = step.count(status);
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  } else if (status !== 0) {
    // A check that is not a test runner (typecheck, lint, build) counts as one failure.
    totals.failed += 1;
  }
  if (status !== 0) {
    exitCode = status;
    break;
  }
}

console.log('\n=== summary ===');
for (const line of timings) console.log(line);
console.log(`[test] total: ${((Date.now() - started) / 1000).toFixed(1)}s; skipped tests: ${totals.skipped}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);
