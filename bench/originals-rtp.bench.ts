// 1,000,000 rounds per setting of each house original through the derivation the server uses
// (packages/shared/src/originals/: the round's byte stream from HMAC-SHA256(serverSeed,
// clientSeed:nonce), then the game's own reading of it), with a fresh random server seed per game
// and nonces 0…N−1 like a real player's session. A setting is a game's choices and RTP: limbo at
// three targets, plinko at every rows count and risk, keno at every pick count and risk, mines at
// a range of mine counts and cash-out steps, hi-lo at two calling strategies cashing out after 1 to
// 3 calls, each at the band's three whole RTPs. One round's bytes serve every setting of its game (the RTP and the
// choices only read them), so each setting sees the same N rounds. Prints the measured RTP next to
// the exact one computed from the tables; exits 1 when any is more than ±0.5 pp from it.
// Crash: a fresh hash chain of N hashes played backwards as the server plays it (round k: hash(N − k)),
// each round's crash point at the three RTPs, and bets cashed out automatically at three targets.
// Run: npm run bench:originals-rtp   (BENCH_ROUNDS to change the count, BENCH_SERVER_SEED to replay,
// BENCH_GAMES=mines,hilo,crash to run some games only)
import crypto from 'node:crypto';
import {
  KENO_MAX_PICKS,
  KENO_RISKS,
  kenoDrawFromStream,
  kenoExactRtp,
  kenoMultipliers,
} from '../packages/shared/src/originals/keno';
import {
  HILO_RANKS,
  hiloCardsFromStream,
  hiloMultiplierBp,
  hiloRank,
  hiloWinRanks,
  isHiloWin,
} from '../packages/shared/src/originals/hilo';
import { limboExactRtp, limboResultFromBytes } from '../packages/shared/src/originals/limbo';
import { mineOrderFromStream, minesExactRtp, minesMultiplierBp } from '../packages/shared/src/originals/mines';
import { crashDraw, crashExactRtp, crashPointFromDraw } from '../packages/shared/src/originals/crash';
import { ORIGINALS_RTP_BAND, roundByteStream } from '../packages/shared/src/originals/originals-common';
import {
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoExactRtp,
  plinkoMultipliers,
  plinkoPathFromBytes,
} from '../packages/shared/src/originals/plinko';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1_000_000);
const TOLERANCE_PP = 0.5;
const RTPS = [ORIGINALS_RTP_BAND.minBps, 9800, ORIGINALS_RTP_BAND.maxBps];
const LIMBO_TARGETS = [150, 200, 300];
const CRASH_TARGETS = [150, 200, 300];
const CLIENT_SEED = 'bench-client-seed';

type Setting = { label: string; exact: number; paidBp: number; sumSq: number };
const results: Setting[] = [];
let failures = 0;

/** A run's server seed: BENCH_SERVER_SEED to replay one, else fresh for each game and rows count. */
function seed(): string {
  return process.env.BENCH_SERVER_SEED ?? crypto.randomBytes(32).toString('hex');
}

/** Tally one setting's payouts (multipliers in 1/10,000ths of the stake) into its row. */
function setting(label: string, exact: number): Setting {
  const s = { label, exact, paidBp: 0, sumSq: 0 };
  results.push(s);
  return s;
}

function add(s: Setting, multiplierBp: number): void {
  s.paidBp += multiplierBp;
  const r = multiplierBp / 10_000;
  s.sumSq += r * r;
}

function report(game: string, serverSeed: string, started: number, rows: Setting[]): void {
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n${game}: ${ROUNDS.toLocaleString('en')} rounds per setting, server seed ${serverSeed} (${seconds.toFixed(1)} s)`,
  );
  console.log('  setting                        exact %    measured %   diff pp   1 s.e. pp');
  for (const s of rows) {
    const measured = s.paidBp / 10_000 / ROUNDS;
    const se = Math.sqrt(Math.max(0, s.sumSq / ROUNDS - measured * measured) / ROUNDS) * 100;
    const diffPp = (measured - s.exact) * 100;
    const bad = Math.abs(diffPp) > TOLERANCE_PP;
    if (bad) failures++;
    console.log(
      `  ${s.label.padEnd(28)} ${(s.exact * 100).toFixed(4).padStart(9)}  ${(measured * 100).toFixed(4).padStart(11)}  ${(diffPp >= 0 ? '+' : '') + diffPp.toFixed(3).padStart(7)}  ${se.toFixed(3).padStart(9)}${bad ? '  OUTSIDE ±0.5 pp' : ''}`,
    );
  }
}

function limbo(): void {
  const serverSeed = seed();
  const started = performance.now();
  const rows = RTPS.flatMap((rtp) =>
    LIMBO_TARGETS.map((target) => ({
      rtp,
      target,
      s: setting(`RTP ${rtp / 100} % target ${(target / 100).toFixed(2)}×`, limboExactRtp(target, rtp).value),
    })),
  );
  for (let nonce = 0; nonce < ROUNDS; nonce++) {
    const next = roundByteStream(serverSeed, CLIENT_SEED, nonce);
    const bytes = [next(), next(), next(), next()];
    for (const rtp of RTPS) {
      const result = limboResultFromBytes(bytes, rtp);
      for (const r of rows) if (r.rtp === rtp) add(r.s, result >= r.target ? r.target * 100 : 0);
    }
  }
  report(
    'limbo',
    serverSeed,
    started,
    rows.map((r) => r.s),
  );
}

function plinko(): void {
  for (let rows = PLINKO_ROWS.min; rows <= PLINKO_ROWS.max; rows++) {
    const serverSeed = seed();
    const started = performance.now();
    const tables = PLINKO_RISKS.flatMap((risk) =>
      RTPS.map((rtp) => ({
        multipliers: plinkoMultipliers(rows, risk, rtp),
        s: setting(`${rows} rows ${risk} RTP ${rtp / 100} %`, plinkoExactRtp(rows, risk, rtp).value),
      })),
    );
    for (let nonce = 0; nonce < ROUNDS; nonce++) {
      const next = roundByteStream(serverSeed, CLIENT_SEED, nonce);
      const bin = plinkoPathFromBytes([next(), next()], rows).reduce((a, b) => a + b, 0);
      for (const t of tables) add(t.s, t.multipliers[bin]!);
    }
    report(
      `plinko, ${rows} rows`,
      serverSeed,
      started,
      tables.map((t) => t.s),
    );
  }
}

function keno(): void {
  const serverSeed = seed();
  const started = performance.now();
  // The player's picks are 1…k: every set of k numbers is drawn alike, so which k does not matter.
  const tables = Array.from({ length: KENO_MAX_PICKS }, (_, i) => i + 1).flatMap((picks) =>
    KENO_RISKS.flatMap((risk) =>
      RTPS.map((rtp) => ({
        picks,
        multipliers: kenoMultipliers(picks, risk, rtp),
        s: setting(`${picks} picks ${risk} RTP ${rtp / 100} %`, kenoExactRtp(picks, risk, rtp).value),
      })),
    ),
  );
  const hitsUpTo = new Array<number>(KENO_MAX_PICKS + 1);
  for (let nonce = 0; nonce < ROUNDS; nonce++) {
    const drawn = kenoDrawFromStream(roundByteStream(serverSeed, CLIENT_SEED, nonce));
    // hitsUpTo[k]: how many of 1…k were drawn.
    hitsUpTo[0] = 0;
    for (let k = 1; k <= KENO_MAX_PICKS; k++) hitsUpTo[k] = hitsUpTo[k - 1]! + (drawn.includes(k) ? 1 : 0);
    for (const t of tables) add(t.s, t.multipliers[hitsUpTo[t.picks]!]!);
  }
  report(
    'keno',
    serverSeed,
    started,
    tables.map((t) => t.s),
  );
}

/**
 * Mines: one shuffle of 24 steps per round places the mines for every count (the partial shuffle's
 * first m tiles are the m mines), and the player reveals tiles 0, 1, … and cashes out after k. Only
 * settings whose cash-out comes at least 40 % of the time: rarer ones need far more than a million
 * rounds to measure within ±0.5 pp (their exactness is the unit test's, packages/shared mines.test.ts).
 */
function mines(): void {
  const serverSeed = seed();
  const started = performance.now();
  const plays: [number, number[]][] = [
    [1, [1, 5, 10, 15]],
    [3, [1, 3, 5]],
    [5, [1, 2, 3]],
    [10, [1]],
    [12, [1]],
  ];
  const tables = plays.flatMap(([m, steps]) =>
    steps.flatMap((k) =>
      RTPS.map((rtp) => ({
        m,
        k,
        multiplierBp: minesMultiplierBp(m, k, rtp),
        s: setting(`${m} mines cash out at ${k} RTP ${rtp / 100} %`, minesExactRtp(m, k, rtp).value),
      })),
    ),
  );
  for (let nonce = 0; nonce < ROUNDS; nonce++) {
    const next = roundByteStream(serverSeed, CLIENT_SEED, nonce);
    const order = mineOrderFromStream(next, 24);
    for (const t of tables) {
      let lowest = 25;
      for (let i = 0; i < t.m; i++) if (order[i]! < lowest) lowest = order[i]!;
      add(t.s, lowest >= t.k ? t.multiplierBp : 0);
    }
  }
  report(
    'mines',
    serverSeed,
    started,
    tables.map((t) => t.s),
  );
}

/** Hi-lo: exact return of a strategy by walking every sequence of ranks (as the unit test does). */
function hiloExact(strategy: (rank: number) => 'higher' | 'lower', calls: number, rtp: number): number {
  let paid = 0n;
  const walk = (rank: number, depth: number, counts: number[]) => {
    if (depth === calls) {
      paid += BigInt(hiloMultiplierBp(counts, rtp));
      return;
    }
    const pick = strategy(rank);
    for (let next = 1; next <= HILO_RANKS; next++)
      if (isHiloWin(rank, next, pick)) walk(next, depth + 1, [...counts, hiloWinRanks(rank, pick)]);
  };
  for (let first = 1; first <= HILO_RANKS; first++) walk(first, 0, []);
  return Number((paid * 10n ** 12n) / (BigInt(HILO_RANKS) ** BigInt(calls + 1) * 10_000n)) / 1e12;
}

function hilo(): void {
  const serverSeed = seed();
  const started = performance.now();
  const strategies = {
    likelier: (r: number) => (hiloWinRanks(r, 'higher') >= hiloWinRanks(r, 'lower') ? 'higher' : 'lower'),
    alwaysHigher: () => 'higher',
  } as const satisfies Record<string, (r: number) => 'higher' | 'lower'>;
  // Always calling higher pays up to 13× a call on a king ("same"): its spread measures within
  // ±0.5 pp over a million rounds for one call only; the likelier side for up to three.
  const plays: [keyof typeof strategies, number[]][] = [
    ['likelier', [1, 2, 3]],
    ['alwaysHigher', [1]],
  ];
  const tables = plays.flatMap(([name, counts]) => {
    const strategy: (r: number) => 'higher' | 'lower' = strategies[name];
    return counts.flatMap((calls) =>
      RTPS.map((rtp) => ({
        strategy,
        calls,
        rtp,
        s: setting(`${name} ${calls} call(s) RTP ${rtp / 100} %`, hiloExact(strategy, calls, rtp)),
      })),
    );
  });
  for (let nonce = 0; nonce < ROUNDS; nonce++) {
    const ranks = hiloCardsFromStream(roundByteStream(serverSeed, CLIENT_SEED, nonce), 4).map(hiloRank);
    for (const t of tables) {
      const counts: number[] = [];
      let won = true;
      for (let i = 0; i < t.calls && won; i++) {
        const pick = t.strategy(ranks[i]!);
        won = isHiloWin(ranks[i]!, ranks[i + 1]!, pick);
        counts.push(hiloWinRanks(ranks[i]!, pick));
      }
      add(t.s, won ? hiloMultiplierBp(counts, t.rtp) : 0);
    }
  }
  report(
    'hi-lo',
    serverSeed,
    started,
    tables.map((t) => t.s),
  );
}

function crash(): void {
  const seedHex = seed();
  const started = performance.now();
  const salt = crypto.randomBytes(32).toString('hex');
  const rows = RTPS.flatMap((rtp) =>
    CRASH_TARGETS.map((target) => ({
      rtp,
      target,
      s: setting(`RTP ${rtp / 100} % cash-out ${(target / 100).toFixed(2)}×`, crashExactRtp(target, rtp).value),
    })),
  );
  // hash(0) … hash(N − 1), then played from the end: the order does not change the tally, but the
  // rounds are the chain's, as the server draws them.
  const chain = new Array<string>(ROUNDS);
  let h = seedHex;
  for (let i = 0; i < ROUNDS; i++) {
    chain[i] = h;
    h = crypto.createHash('sha256').update(h, 'utf8').digest('hex');
  }
  for (let k = 1; k <= ROUNDS; k++) {
    const draw = crashDraw(chain[ROUNDS - k]!, salt);
    for (const rtp of RTPS) {
      const point = crashPointFromDraw(draw, rtp);
      for (const r of rows) if (r.rtp === rtp) add(r.s, point >= r.target ? r.target * 100 : 0);
    }
  }
  report(
    'crash',
    seedHex,
    started,
    rows.map((r) => r.s),
  );
}

const GAMES = { limbo, plinko, keno, mines, hilo, crash };
const chosen = (process.env.BENCH_GAMES ?? Object.keys(GAMES).join(',')).split(',');
for (const [name, run] of Object.entries(GAMES)) if (chosen.includes(name)) run();
console.log(`\n${results.length} settings, ${ROUNDS.toLocaleString('en')} rounds each`);
if (failures > 0) {
  console.error(`FAIL: ${failures} setting(s) measured more than ±${TOLERANCE_PP} pp from the exact RTP`);
  process.exit(1);
}
console.log(`OK: every setting within ±${TOLERANCE_PP} pp of its exact RTP`);
