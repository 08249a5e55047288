// How fast this machine is at this moment, against the quiet machine the test budgets were measured
// on. `npm test` measures a fixed piece of work between its steps and judges each step's wall time
// against its budget × the pace measured around it (docs/decisions.md, "A budget judged at the
// machine's pace"). The same run's figure is the baseline, as the benchmarks in bench/ do: a host
// that lends this machine half its CPU for a while slows every step alike, and that is not the
// suite growing.
//
// The work: two threads (the machine has two cores and the suite keeps both busy) each doing
// floating-point arithmetic, allocation with a sort, and hashing, about 1.2 s on the quiet machine.
import { Worker } from 'node:worker_threads';

/**
 * Milliseconds the probe took on the project's two-core machine when quiet: the slower end of
 * 20 probes on an idle machine (1,102–1,275 ms), so a quiet run reads a pace of 1.
 */
export const QUIET_PROBE_MS = 1250;

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

/**
 * The pace a step ran at, from the probes taken just before and just after it: their mean against
 * the quiet figure, never below 1 (a fast machine does not tighten the budget) nor above MAX_PACE.
 */
export function paceBetween(beforeMs, afterMs) {
  const ratio = (beforeMs + afterMs) / 2 / QUIET_PROBE_MS;
  return Math.min(MAX_PACE, Math.max(1, ratio));
}
