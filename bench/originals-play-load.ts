// The players of bench/originals-play.bench.ts, in a process of its own. BENCH_PLAYERS players play
// the originals in turn through the real HTTP API: dice, limbo, plinko and keno one request a
// round, mines (start, reveal a tile, cash out if it is still open) and hi-lo (start, pick, cash
// out if open) one request a step. Three phases, one JSON line each (per kind of request: the
// requests, p50 and p99 in ms; the rounds and requests sent and the seconds):
// 1. paced, BENCH_SECONDS: each player waits for the answer, then the web client's auto-bet pause
//    (AUTO_BET_PAUSE_MS, the fastest the client sends bets) before the next request, a step of
//    mines or hi-lo included; players start at random points of one pause, not in step;
// 2. saturation, BENCH_SATURATION_SECONDS: the same players with no pause (a closed loop: 50 bots),
//    whose rounds per second are the capacity, and whose latency is only players / throughput;
// 3. bare, on the line "bare" from the bench: GET /healthz paced like phase 1, the baseline.
// It ends on the line "stop".
// A short unpaced warm-up (JIT, caches, pools) comes first and is not counted.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTO_BET_PAUSE_MS } from '../apps/web/src/features/inhouse/auto-bet';

type Session = { sessionToken: string; playerId: string };
const [baseUrl, playersFile] = process.argv.slice(2) as [string, string];
const players = JSON.parse(fs.readFileSync(playersFile, 'utf8')) as Record<string, Session>[];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SATURATION_SECONDS = Number(process.env.BENCH_SATURATION_SECONDS ?? 10);
const target = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: players.length + 10 });
const times = new Map<string, number[]>();
let rounds = 0;
let requests = 0;
/** The pause after each answer in this phase (0: a closed loop). */
let pauseMs = 0;

async function post<T>(kind: string, path: string, body?: object): Promise<T> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const t0 = performance.now();
  const value = await new Promise<T>((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: payload ? 'POST' : 'GET',
        agent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const list = times.get(kind) ?? [];
          list.push(performance.now() - t0);
          times.set(kind, list);
          requests++;
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) return reject(new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`));
          resolve(payload ? (JSON.parse(text) as { value: T }).value : (undefined as T));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  // The client shows the answer, then waits its pause before it sends the next bet or step.
  if (pauseMs > 0) await sleep(pauseMs);
  return value;
}

const key = () => crypto.randomBytes(8).toString('hex');
const stake = { stakeMinor: '100' };

async function playRound(p: Record<string, Session>, n: number): Promise<void> {
  const game = ['dice', 'limbo', 'plinko', 'keno', 'mines', 'hilo'][n % 6]!;
  const s = p[game]!;
  const auth = { sessionToken: s.sessionToken, playerId: s.playerId };
  const once = { ...auth, ...stake, idempotencyKey: key() };
  if (game === 'dice') await post('dice', '/wps/inhouse/dice/roll', { ...once, target: 4950, direction: 'under' });
  else if (game === 'limbo') await post('limbo', '/wps/inhouse/limbo/play', { ...once, targetHundredths: 200 });
  else if (game === 'plinko') await post('plinko', '/wps/inhouse/plinko/play', { ...once, rows: 12, risk: 'medium' });
  else if (game === 'keno')
    await post('keno', '/wps/inhouse/keno/play', { ...once, picks: [3, 7, 12, 25, 33], risk: 'low' });
  else if (game === 'mines') {
    const r = await post<{ roundId: string; status: string }>('mines step', '/wps/inhouse/mines/start', {
      ...once,
      mines: 3,
    });
    const after = await post<{ status: string }>('mines step', '/wps/inhouse/mines/reveal', {
      ...auth,
      roundId: r.roundId,
      tile: n % 25,
    });
    if (after.status === 'open')
      await post('mines step', '/wps/inhouse/mines/cashout', { ...auth, roundId: r.roundId });
  } else {
    // Hi-lo: pick higher until the round is over or can be cashed out (a first card with no
    // "higher" leaves nothing to cash out), then cash out: the page's own moves.
    const r = await post<{ roundId: string }>('hi-lo step', '/wps/inhouse/hilo/start', once);
    for (let picks = 0; picks < 5; picks++) {
      const after = await post<{ status: string; outcome: { picks?: string[] } }>(
        'hi-lo step',
        '/wps/inhouse/hilo/pick',
        {
          ...auth,
          roundId: r.roundId,
          pick: 'higher',
        },
      );
      if (after.status !== 'open') break;
      if (after.outcome.picks?.some((x) => x !== 'skip')) {
        await post('hi-lo step', '/wps/inhouse/hilo/cashout', { ...auth, roundId: r.roundId });
        break;
      }
    }
  }
  rounds++;
}

/** Every player runs `work` over and over for `ms`; with a pause, each starts at a random point of one. */
async function forEachPlayer(ms: number, work: (p: Record<string, Session>, n: number) => Promise<void>) {
  const until = performance.now() + ms;
  await Promise.all(
    players.map(async (p, i) => {
      if (pauseMs > 0) await sleep(Math.random() * pauseMs);
      for (let n = i; performance.now() < until; n++) await work(p, n);
    }),
  );
}

function quantiles(list: number[]) {
  const sorted = [...list].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  return { requests: sorted.length, p50: q(0.5), p99: q(0.99) };
}

/** One phase: `work` for `seconds` at `pause`, then its figures as one JSON line. */
async function phase(seconds: number, pause: number, work: (p: Record<string, Session>, n: number) => Promise<void>) {
  times.clear();
  rounds = 0;
  requests = 0;
  pauseMs = pause;
  const t0 = performance.now();
  await forEachPlayer(seconds * 1000, work);
  const elapsed = (performance.now() - t0) / 1000;
  const kinds = Object.fromEntries([...times].map(([k, v]) => [k, quantiles(v)]));
  console.log(JSON.stringify({ seconds: elapsed, pauseMs: pause, rounds, requests, kinds }));
}

async function main(): Promise<void> {
  const commands = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  pauseMs = 0;
  await forEachPlayer(2000, playRound);
  await phase(SECONDS, AUTO_BET_PAUSE_MS, playRound);
  await phase(SATURATION_SECONDS, 0, playRound);
  const { value } = await commands.next();
  if (value === 'bare') {
    await phase(SECONDS, AUTO_BET_PAUSE_MS, () => post('bare', '/healthz'));
    await commands.next(); // "stop"
  }
  agent.destroy();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
