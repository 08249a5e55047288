// How fast this machine is, against the quiet machine the test budgets were measured on. `npm test`
// judges each step's wall time against its budget × the pace the machine ran at (docs/decisions.md,
// "A budget judged at the machine's pace"). The same run's figures are the baseline, as the
// benchmarks in bench/ do: a slower host, or one that lends this machine half its CPU for a while,
// slows every step alike, and that is not the suite growing. Two gauges:
// - the host: typecheck and lint, the build and the deploy check do about the same work every run
//   (it grows only with the code and the dependencies), so their time so far against their quiet
//   figures says how fast this host is, for the steps after them;
// - the moment: a fixed probe between steps (two threads, since the machine has two cores and the
//   suite keeps both busy, each doing floating-point arithmetic, allocation with a sort, and
//   hashing; about 1.2 s) catches load that comes and goes, such as other work beside the run.
// A compute probe alone missed a slower host: on one machine it read as quiet (1,108–1,135 ms)
// while typecheck and lint took 98.6–103.4 s against 58–64 s where the budgets were measured.
import { Worker } from 'node:worker_threads';

/**
 * Milliseconds the probe took on the project's two-core machine when idle: the slower end of the
 * probes taken between steps (1,108–1,275 ms), so an idle moment reads a pace of 1.
 */
export const QUIET_PROBE_MS = 1250;

/**
 * Seconds the steps of fixed work took on the machine the budgets were measured on when quiet, in
 * four fresh-clone runs (the slower end, so that machine reads a pace of 1): typecheck and lint
 * side by side 58.4–64.1 s, the build 9.1–9.7 s, the deploy check 37.8–39.7 s.
 */
export const QUIET_FIXED_WORK_S = { 'typecheck+lint': 64, build: 10, 'deploy-check': 40 };

/**
 * The most a slow machine can stretch a budget: the issue that set the budgets allows the whole
 * suite 1,500 s when the machine is quiet and 2,400 s under load, 1.6 × as much. A machine slower
 * than that is judged as if it were 1.6 × slow, so a suite that grew still fails there.
 */
export const MAX_PACE = 1.6;

const WORK = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const t0 = performance.now();
let x = 0;
const values = new Float64Array(1 << 16);
for (let round = 0; round < 400; round++)
  for (let i = 0; i < values.length; i++) {
    values[i] = Math.sqrt(i * round + x);
    x = (x + values[i]) % 1000;
  }
const rows = [];
for (let i = 0; i < 300000; i++) rows.push({ n: i, text: String(i) });
rows.sort((a, b) => b.n - a.n);
const block = Buffer.alloc(1 << 20, x);
for (let i = 0; i < 40; i++) crypto.createHash('sha256').update(block).digest();
parentPort.postMessage(performance.now() - t0);
`;

function oneThread() {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORK, { eval: true });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** Run the probe once on both cores; resolves with its wall time in milliseconds. */
export async function probeMs() {
  const t0 = performance.now();
  await Promise.all([oneThread(), oneThread()]);
  return performance.now() - t0;
}

const bounded = (ratio) => Math.min(MAX_PACE, Math.max(1, ratio));

/**
 * The pace a step ran at, from the probes taken just before and just after it (their mean against
 * the idle figure) and the host's pace (from typecheck and lint; 1 before they ran): the slower of
 * the two, never below 1 (a fast machine does not tighten the budget) nor above MAX_PACE.
 */
export function paceBetween(beforeMs, afterMs, hostPace = 1) {
  return bounded(Math.max((beforeMs + afterMs) / 2 / QUIET_PROBE_MS, hostPace));
}

/**
 * The host's pace from the steps of fixed work that ran so far (a map of step name to seconds, only
 * steps that passed): their time against their quiet time, added up, so the longer ones weigh more.
 */
export function hostPaceOf(stepSeconds) {
  let spent = 0;
  let quiet = 0;
  for (const [step, seconds] of stepSeconds) {
    if (!(step in QUIET_FIXED_WORK_S)) continue;
    spent += seconds;
    quiet += QUIET_FIXED_WORK_S[step];
  }
  return quiet > 0 ? bounded(spent / quiet) : 1;
}
