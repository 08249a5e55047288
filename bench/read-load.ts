// Read benchmarks measured honestly: the app and a bare Fastify route each run in a process of
// their own (read-server.ts), and autocannon drives the load from a third process. Bare and target
// rounds alternate, and the medians are compared, so a burst of load from elsewhere on the machine
// skews one round rather than the ratio.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
export const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Run by path in a child process, so knip cannot see the import: knip.json lists it in ignoreDependencies.
const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');

export type ServerProcess = { info: Record<string, string>; pid: number; stop: () => Promise<void> };

/**
 * Start read-server.ts `kind` in its own Node process and wait for the line it prints when ready.
 * BENCH_CPU_PROF=<dir> profiles the app process (`node --cpu-prof`), written when it stops.
 */
export function startServerProcess(kind: 'app' | 'bare', env: Record<string, string> = {}): Promise<ServerProcess> {
  const profile =
    kind === 'app' && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', path.join(ROOT, 'bench/read-server.ts'), kind],
    {
      cwd: ROOT,
      // Both sides run as a deployment does: NODE_ENV=production (the app then writes answers with
      // plain JSON.stringify, no response-schema check). The sandbox vendor stays on, since the game
      // list bench reads its games.
      env: { ...process.env, NODE_ENV: 'production', ALLOW_SANDBOX_VENDOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code} before it was ready`)));
    lines.once('line', (line) => {
      child.removeAllListeners('exit');
      resolve({ info: JSON.parse(line) as Record<string, string>, pid: child.pid!, stop: () => stopProcess(child) });
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `pid`: the serving process, whose CPU time per request is measured too (Linux /proc). */
export type Target = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  pid?: number;
};

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ; 100 on Linux). */
const USER_HZ = 100;

/** CPU time (user + system) a process has used so far, in ms; undefined where /proc is missing. */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces) start at state, field 3; utime and stime are 14 and 15.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return undefined;
  }
}

export type RoundResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The server's CPU time per answered request (µs), when its pid is known. */
  cpuUsPerRequest: number | undefined;
};

type AutocannonJson = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** Run autocannon against `target` in a child process for `seconds`; its JSON summary, reduced. */
export function runAutocannon(target: Target, seconds: number): Promise<RoundResult> {
  const host = new URL(target.url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`benchmarks only target loopback, not ${host}`);
  const args = [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), '-m', target.method ?? 'GET'];
  const headers = { ...target.headers, ...(target.body === undefined ? {} : { 'content-type': 'application/json' }) };
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (target.body !== undefined) args.push('-b', JSON.stringify(target.body));
  args.push(target.url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const cpuBefore = cpuMsOf(target.pid);
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      const r = JSON.parse(out) as AutocannonJson;
      const cpuAfter = cpuMsOf(target.pid);
      resolve({
        cpuUsPerRequest:
          cpuBefore === undefined || cpuAfter === undefined || r.requests.total === 0
            ? undefined
            : ((cpuAfter - cpuBefore) * 1000) / r.requests.total,
        requestsPerSecond: r.requests.average,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        requests: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export type Comparison = {
  name: string;
  bare: RoundResult[];
  target: RoundResult[];
  bareMedian: number;
  targetMedian: number;
  ratio: number;
  goal: number;
  /** bare's median server CPU per request over the target's: the ratio were the server alone on its cores. */
  cpuRatio: number | undefined;
};

const cpuText = (r: RoundResult) =>
  r.cpuUsPerRequest === undefined ? '' : `, ${r.cpuUsPerRequest.toFixed(0)} µs CPU/req`;

/**
 * Warm both up, then alternate bare and target rounds ROUNDS times each; print every round, the
 * medians and the ratio target/bare next to its goal. The goal is printed, never asserted: the
 * figure depends on the machine and what else runs on it.
 */
export async function compareWithBare(name: string, bare: Target, target: Target, goal: number): Promise<Comparison> {
  await runAutocannon(bare, WARMUP_S);
  await runAutocannon(target, WARMUP_S);
  const bares: RoundResult[] = [];
  const targets: RoundResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const b = await runAutocannon(bare, DURATION_S);
    const t = await runAutocannon(target, DURATION_S);
    for (const [side, r] of [
      ['bare', b],
      [name, t],
    ] as const) {
      if (r.non2xx > 0 || r.errors > 0)
        throw new Error(`${side}: ${r.non2xx} non-2xx answers and ${r.errors} errors in round ${round}`);
    }
    console.log(
      `  round ${round}: bare ${b.requestsPerSecond.toFixed(0).padStart(6)} req/s (p99 ${b.p99Ms} ms${cpuText(b)})   ${name} ${t.requestsPerSecond.toFixed(0).padStart(6)} req/s (p99 ${t.p99Ms} ms${cpuText(t)})   ratio ${(t.requestsPerSecond / b.requestsPerSecond).toFixed(2)}`,
    );
    bares.push(b);
    targets.push(t);
  }
  const bareMedian = median(bares.map((r) => r.requestsPerSecond));
  const targetMedian = median(targets.map((r) => r.requestsPerSecond));
  const ratio = targetMedian / bareMedian;
  console.log(`  median: bare ${bareMedian.toFixed(0)} req/s, ${name} ${targetMedian.toFixed(0)} req/s`);
  console.log(`  ratio ${name} / bare: ${ratio.toFixed(2)} (goal ≥ ${goal}: ${ratio >= goal ? 'met' : 'NOT met'})`);
  // On a shared machine throughput swings with what else runs; CPU per request does much less.
  const bareCpu = bares.every((r) => r.cpuUsPerRequest !== undefined)
    ? median(bares.map((r) => r.cpuUsPerRequest!))
    : undefined;
  const targetCpu = targets.every((r) => r.cpuUsPerRequest !== undefined)
    ? median(targets.map((r) => r.cpuUsPerRequest!))
    : undefined;
  const cpuRatio = bareCpu !== undefined && targetCpu !== undefined ? bareCpu / targetCpu : undefined;
  if (cpuRatio !== undefined) {
    console.log(
      `  server CPU per request (median): bare ${bareCpu!.toFixed(0)} µs, ${name} ${targetCpu!.toFixed(0)} µs; ratio by CPU (bare µs / ${name} µs): ${cpuRatio.toFixed(2)}`,
    );
  }
  return { name, bare: bares, target: targets, bareMedian, targetMedian, ratio, goal, cpuRatio };
}

/** One request through Node's fetch: the target's own answer, to check it and to give the bare route the same body. */
export async function fetchJson(target: Target): Promise<unknown> {
  const res = await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: { ...target.headers, ...(target.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: target.body === undefined ? undefined : JSON.stringify(target.body),
  });
  const json = (await res.json()) as { success?: boolean };
  if (res.status !== 200 || json.success !== true)
    throw new Error(`${target.method ?? 'GET'} ${target.url} → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** Describe the run once, before the rounds. */
export function describeRun(name: string, databaseKind: string): void {
  console.log(
    `${name} bench: ${databaseKind}, both processes NODE_ENV=production (no response-schema check; the app's logging off), autocannon in its own process, ` +
      `${CONNECTIONS} connections, ${ROUNDS} × ${DURATION_S} s rounds per side after ${WARMUP_S} s warm-up, node ${process.version}`,
  );
}

/**
 * A whole read bench: start the app process, build the target from what it printed, take its answer
 * as the bare route's body (so both send the same bytes), start the bare process, compare, stop both.
 * `appEnv` goes to the app process only (read-server.ts's BENCH_APP_* setup switches).
 */
export async function runReadBench(
  name: string,
  goal: number,
  targetOf: (app: Record<string, string>) => Target,
  appEnv: Record<string, string> = {},
): Promise<Comparison> {
  const app = await startServerProcess('app', appEnv);
  let bare: ServerProcess | undefined;
  try {
    const target = { ...targetOf(app.info), pid: app.pid };
    const body = await fetchJson(target);
    // BENCH_ACCEPT_ENCODING=br (or gzip) asks the app for what a browser asks for; the bare route
    // never compresses, so the ratio then includes the app's compression of answers over 1 KiB.
    if (process.env.BENCH_ACCEPT_ENCODING)
      target.headers = { ...target.headers, 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING };
    bare = await startServerProcess('bare', { BENCH_BARE_BODIES: JSON.stringify({ [name]: body }) });
    describeRun(name, app.info.databaseKind ?? '?');
    console.log(
      `  each answer: ${JSON.stringify(body).length} bytes of JSON${process.env.BENCH_ACCEPT_ENCODING ? `; the app is asked for accept-encoding: ${process.env.BENCH_ACCEPT_ENCODING}` : ''}`,
    );
    return await compareWithBare(
      name,
      { url: `${bare.info.baseUrl}/bare/${name}`, method: target.method, body: target.body, pid: bare.pid },
      target,
      goal,
    );
  } finally {
    await bare?.stop();
    await app.stop();
  }
}
