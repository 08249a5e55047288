// `npm test`: every check the project has, in order, stopping at the first failure.
// Chromium → typecheck → lint → vitest (unit, API and component tests; the database suites on
// PostgreSQL when TEST_DATABASE_URL is set, with a PGlite smoke subset) → build → deploy-check (the
// Dockerfile's steps) → Playwright. At the end: each step's wall time against its budget, the 15
// slowest files of each runner, and one plain `N passed, N failed` line that CI reads.
//
// Budgets (docs/testing.md, "Budgets"): a group of steps that takes more than 1.5 × its budget
// fails the run, so a slow suite is seen the day it slows rather than when CI passes 90 minutes.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hostPaceOf, MAX_PACE, paceBetween, probeMs, QUIET_PROBE_MS } from './machine-pace.mjs';

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

/**
 * Run several commands at once, each with its output kept and printed whole when it ends (so two
 * logs never interleave); resolves with the first non-zero exit status, or 0. typecheck (tsc) and
 * lint (ESLint) side by side on two cores take about the time of the longer one instead of the sum.
 */
async function runTogether(commands) {
  const statuses = await Promise.all(
    commands.map(
      ({ label, cmd, args }) =>
        new Promise((resolve) => {
          const t0 = Date.now();
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
          const chunks = [];
          child.stdout.on('data', (c) => chunks.push(c));
          child.stderr.on('data', (c) => chunks.push(c));
          child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => {
            process.stdout.write(`--- ${label} (${((Date.now() - t0) / 1000).toFixed(1)}s, exit ${code}) ---\n`);
            process.stdout.write(Buffer.concat(chunks));
            resolve(code ?? 1);
          });
        }),
    ),
  );
  return statuses.find((status) => status !== 0) ?? 0;
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

/** The files a vitest run spent longest on, from its JSON report: [seconds, file]. */
function vitestFileTimes() {
  const report = readJson(VITEST_JSON);
  return (report?.testResults ?? []).map((f) => [(f.endTime - f.startTime) / 1000, path.relative(root, f.name)]);
}

/** The spec files a Playwright run spent longest on: each test's attempts added up per file. */
function playwrightFileTimes() {
  const report = readJson(PLAYWRIGHT_JSON);
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      const file = spec.file ?? suite.file;
      perFile.set(file, (perFile.get(file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return [...perFile].map(([file, ms]) => [ms / 1000, file]);
}

function printSlowest(title, times) {
  if (times.length === 0) return;
  console.log(`\n[test] the 15 slowest ${title} (seconds):`);
  for (const [seconds, file] of times.sort((a, b) => b[0] - a[0]).slice(0, 15))
    console.log(`  ${seconds.toFixed(1).padStart(7)}  ${file}`);
}

/**
 * Wall-time budgets in seconds, per group of steps, as measured on the project's two-core machine
 * when quiet (docs/testing.md, "Budgets"). A group over BUDGET_TOLERANCE × its budget × the pace
 * the machine ran at during its steps (machine-pace.mjs: 1 when quiet, at most 1.6) fails the run.
 * TEST_BUDGET_SCALE multiplies every budget, for a machine known to be slower; CI does not set it.
 */
const BUDGETS = [
  { name: 'typecheck + lint', steps: ['typecheck+lint'], seconds: 150 },
  { name: 'vitest', steps: ['vitest'], seconds: 450 },
  { name: 'build + deploy-check', steps: ['build', 'deploy-check'], seconds: 120 },
  { name: 'e2e', steps: ['e2e'], seconds: 600 },
];
const BUDGET_TOLERANCE = 1.5;
const BUDGET_SCALE = Number(process.env.TEST_BUDGET_SCALE ?? 1) || 1;

/**
 * Check each group whose steps all ran; return the lines to print and whether one was over. A
 * group's pace is its steps' paces weighted by their time.
 */
function checkBudgets(seconds, paces) {
  const lines = [];
  let over = false;
  for (const budget of BUDGETS) {
    if (!budget.steps.every((step) => seconds.has(step))) continue;
    const spent = budget.steps.reduce((sum, step) => sum + seconds.get(step), 0);
    const paced = budget.steps.reduce((sum, step) => sum + seconds.get(step) * (paces.get(step) ?? 1), 0);
    const pace = spent > 0 ? paced / spent : 1;
    const allowed = Math.round(budget.seconds * BUDGET_SCALE * pace);
    const failed = spent > allowed * BUDGET_TOLERANCE;
    const enforced = budget.enforced !== false;
    over ||= failed && enforced;
    const verdict = failed
      ? `OVER BUDGET (more than ${BUDGET_TOLERANCE} × the budget)${enforced ? '' : '; not enforced yet'}`
      : spent > allowed
        ? 'over budget, within the tolerance'
        : 'within budget';
    const at = pace > 1 ? ` (${budget.seconds}s at the machine's pace of ${pace.toFixed(2)})` : '';
    lines.push(`[test] budget ${budget.name}: ${spent.toFixed(1)}s of ${allowed}s${at}, ${verdict}`);
  }
  return { lines, over };
}

const steps = [
  { name: 'chromium', run: () => run('node', ['scripts/ensure-chromium.mjs']) },
  {
    name: 'typecheck+lint',
    run: () =>
      runTogether([
        { label: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
        { label: 'lint', cmd: 'npm', args: ['run', 'lint'] },
      ]),
  },
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
const stepSeconds = new Map();
const stepPaces = new Map();
const probes = [];
const started = Date.now();
let exitCode = 0;

// The machine's pace is probed before the first step and after each one (about 1.2 s each); the
// host's pace is read from the steps of fixed work that passed so far, for the steps after them.
let hostPace = 1;
let probeBefore = await probeMs();
probes.push(probeBefore);
for (const step of selected) {
  console.log(`\n=== ${step.name} ===`);
  const t0 = Date.now();
  const status = await step.run();
  const seconds = (Date.now() - t0) / 1000;
  const probeAfter = await probeMs();
  probes.push(probeAfter);
  const pace = paceBetween(probeBefore, probeAfter, hostPace);
  probeBefore = probeAfter;
  stepSeconds.set(step.name, seconds);
  // A failed step ends the run, so every step in stepSeconds before it passed.
  if (status === 0) hostPace = hostPaceOf(stepSeconds);
  stepPaces.set(step.name, pace);
  const line = `[test] ${step.name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds.toFixed(1)}s (pace ${pace.toFixed(2)})`;
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
if (stepSeconds.has('vitest')) printSlowest('vitest files', vitestFileTimes());
if (stepSeconds.has('e2e'))
  printSlowest('browser spec files (test time, both workers added up)', playwrightFileTimes());
console.log('');
for (const line of timings) console.log(line);
console.log(
  `[test] machine pace: host ${hostPace.toFixed(2)} (typecheck + lint, build and deploy-check against their quiet time); probes (ms; ${QUIET_PROBE_MS} idle) ${probes.map((ms) => ms.toFixed(0)).join(', ')}; capped at ${MAX_PACE}`,
);
const budgets = checkBudgets(stepSeconds, stepPaces);
for (const line of budgets.lines) console.log(line);
if (budgets.over && exitCode === 0) {
  // The run's tests passed, but the suite has grown past what CI can carry: fail, and count it.
  exitCode = 1;
  totals.failed += 1;
}
console.log(`[test] total: ${((Date.now() - started) / 1000).toFixed(1)}s; skipped tests: ${totals.skipped}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);
