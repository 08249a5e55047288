#!/usr/bin/env node
// Stand-alone verifier for the in-house provably-fair games. Needs only Node (no project code,
// no server): anyone can check a round from the seeds shown in the game and the betting record.
//
//   node scripts/verify-fair.mjs --game slot --server-seed <seed> --client-seed <seed> --nonce <n>
//   node scripts/verify-fair.mjs --game dice --server-seed <seed> --client-seed <seed> --nonce <n> --target 4950 --direction under
//   node scripts/verify-fair.mjs --game limbo --server-seed <seed> --client-seed <seed> --nonce <n> --rtp 9900 --target 200
//   node scripts/verify-fair.mjs --game plinko … --rtp 9900 --rows 16 --risk high
//   node scripts/verify-fair.mjs --game keno … --rtp 9900 --picks 3,17,40 --risk medium
//   node scripts/verify-fair.mjs --game mines … --rtp 9900 --mines 3 --tiles 12,0,7      (the tiles revealed, in order)
//   node scripts/verify-fair.mjs --game hilo … --rtp 9900 --calls higher,skip,lower    (the calls made, in order)
//   node scripts/verify-fair.mjs --game crash --round-hash <hex> --salt <hex> --rtp 9900 [--previous <hex>] [--terminal <hex> --round <k>]
//   add --stake <minor units> to print the payout, --hash <hex> to check the committed hash, --json for JSON.
//
// The rules (docs/provably-fair.md): bytes = HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`);
// commitment = SHA-256(serverSeed). Slot: 5 reels × 3 rows; cell (reel,row) = symbol chosen by
// ((bytes[2i] << 8) | bytes[2i+1]) % 1024 over the weights, i = reel·3 + row; 10 paylines pay
// left to right for 3, 4 or 5 in a row. Dice: first 32-bit big-endian word < 4294960000, mod 10000.
// The originals read a byte stream: block 0 is that HMAC, block i ≥ 1 HMAC(serverSeed,
// `${clientSeed}:${nonce}:${i}`); their multipliers are the published tables scaled to the round's RTP.
// Mines: the mines are the first M tiles of a partial Fisher–Yates shuffle of 0…24; k safe tiles pay
// floor(RTP × C(25,k) / C(25−M,k)). Hi-lo: card i is the i-th unbiased index below 52 of the stream
// (rank = floor(card/4) + 1, ace low); calls pay floor(RTP × 13^n / Π winning ranks).
// Crash plays a hash chain backwards: next(h) = SHA-256 of h's hex text, so SHA-256 of a round's
// hash is the previous round's hash (round 1's: the published terminal hash). Its crash point:
// r = the first 52 bits of HMAC-SHA256(key = the round's hash, message = the salt);
// max(100, floor(rtp × 2^52 / ((2^52 − r) × 100))) hundredths, at most 100,000,000.
import crypto from 'node:crypto';

// Keep in step with packages/shared/src/provably-fair.ts (a test compares the two).
const SLOT = {
  symbols: ['seven', 'bar', 'bell', 'plum', 'orange', 'lemon', 'cherry'],
  weights: [14, 18, 22, 30, 38, 316, 586],
  pays: {
    seven: [25, 100, 500],
    bar: [15, 50, 200],
    bell: [10, 30, 100],
    plum: [5, 15, 50],
    orange: [3, 10, 30],
    lemon: [2, 5, 20],
    cherry: [1, 3, 10],
  },
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 1, 1, 1, 0],
  ],
};
const DICE_EDGE_BP = 100;

// Keep in step with packages/shared/src/originals/ (a test compares the two): pays in hundredths at 99 %.
const PLINKO = {
  low: [
    [180, 140, 120, 95, 79, 95, 120, 140, 180], // 8 rows
    [200, 160, 130, 100, 84, 84, 100, 130, 160, 200], // 9 rows
    [220, 180, 140, 110, 92, 77, 92, 110, 140, 180, 220], // 10 rows
    [250, 190, 150, 120, 99, 82, 82, 99, 120, 150, 190, 250], // 11 rows
    [280, 220, 170, 140, 110, 89, 74, 89, 110, 140, 170, 220, 280], // 12 rows
    [310, 240, 190, 150, 120, 96, 79, 79, 96, 120, 150, 190, 240, 310], // 13 rows
    [350, 270, 210, 170, 130, 110, 87, 72, 87, 110, 130, 170, 210, 270, 350], // 14 rows
    [390, 300, 230, 180, 140, 120, 94, 77, 77, 94, 120, 140, 180, 230, 300, 390], // 15 rows
    [440, 340, 260, 200, 160, 130, 100, 84, 70, 84, 100, 130, 160, 200, 260, 340, 440], // 16 rows
  ],
  medium: [
    [370, 220, 140, 85, 55, 85, 140, 220, 370], // 8 rows
    [450, 270, 160, 100, 64, 64, 100, 160, 270, 450], // 9 rows
    [560, 340, 200, 120, 78, 50, 78, 120, 200, 340, 560], // 10 rows
    [690, 410, 250, 150, 93, 59, 59, 93, 150, 250, 410, 690], // 11 rows
    [870, 520, 310, 190, 110, 71, 46, 71, 110, 190, 310, 520, 870], // 12 rows
    [1100, 630, 380, 230, 140, 85, 54, 54, 85, 140, 230, 380, 630, 1100], // 13 rows
    [1300, 800, 470, 280, 170, 110, 66, 42, 66, 110, 170, 280, 470, 800, 1300], // 14 rows
    [1700, 980, 580, 350, 210, 130, 79, 50, 50, 79, 130, 210, 350, 580, 980, 1700], // 15 rows
    [2100, 1200, 730, 440, 260, 160, 97, 61, 39, 61, 97, 160, 260, 440, 730, 1200, 2100], // 16 rows
  ],
  high: [
    [630, 310, 150, 74, 37, 74, 150, 310, 630], // 8 rows
    [820, 400, 190, 95, 47, 47, 95, 190, 400, 820], // 9 rows
    [1100, 540, 260, 130, 63, 32, 63, 130, 260, 540, 1100], // 10 rows
    [1500, 710, 340, 170, 82, 41, 41, 82, 170, 340, 710, 1500], // 11 rows
    [2000, 960, 460, 220, 110, 54, 27, 54, 110, 220, 460, 960, 2000], // 12 rows
    [2600, 1300, 610, 300, 140, 71, 35, 35, 71, 140, 300, 610, 1300, 2600], // 13 rows
    [3500, 1700, 820, 400, 190, 94, 47, 24, 47, 94, 190, 400, 820, 1700, 3500], // 14 rows
    [4700, 2300, 1100, 530, 260, 120, 61, 31, 31, 61, 120, 260, 530, 1100, 2300, 4700], // 15 rows
    [6400, 3100, 1500, 710, 350, 170, 82, 40, 20, 40, 82, 170, 350, 710, 1500, 3100, 6400], // 16 rows
  ],
};
const KENO = {
  low: [
    [96, 110], // 1 pick
    [96, 100, 120], // 2 picks
    [0, 160, 180, 230], // 3 picks
    [0, 140, 150, 170, 230], // 4 picks
    [0, 120, 130, 140, 180, 240], // 5 picks
    [0, 110, 120, 130, 150, 190, 270], // 6 picks
    [0, 0, 170, 180, 200, 250, 330, 490], // 7 picks
    [0, 0, 140, 150, 170, 200, 250, 350, 540], // 8 picks
    [0, 0, 130, 130, 150, 170, 210, 270, 390, 640], // 9 picks
    [0, 0, 120, 120, 130, 150, 180, 230, 310, 470, 840], // 10 picks
  ],
  medium: [
    [91, 120], // 1 pick
    [0, 210, 350], // 2 picks
    [0, 150, 210, 410], // 3 picks
    [0, 120, 150, 250, 540], // 4 picks
    [0, 0, 240, 340, 610, 1500], // 5 picks
    [0, 0, 180, 240, 380, 760, 2100], // 6 picks
    [0, 0, 150, 180, 260, 470, 1000, 3200], // 7 picks
    [0, 0, 130, 150, 200, 330, 640, 1600, 5400], // 8 picks
    [0, 0, 0, 210, 270, 410, 740, 1600, 4500, 18000], // 9 picks
    [0, 0, 0, 180, 210, 300, 500, 1000, 2500, 8000, 39000], // 10 picks
  ],
  high: [
    [0, 400], // 1 pick
    [0, 190, 430], // 2 picks
    [0, 140, 230, 620], // 3 picks
    [0, 110, 160, 320, 1000], // 4 picks
    [0, 0, 220, 370, 890, 3400], // 5 picks
    [0, 0, 170, 240, 490, 1400, 6300], // 6 picks
    [0, 0, 140, 180, 320, 760, 2500, 13000], // 7 picks
    [0, 0, 0, 250, 390, 810, 2200, 8700, 55000], // 8 picks
    [0, 0, 0, 190, 280, 520, 1200, 4000, 19000, 150000], // 9 picks
    [0, 0, 0, 160, 210, 360, 770, 2200, 8400, 49000, 530000], // 10 picks
  ],
};

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument: ${a}`);
    const key = a.slice(2);
    if (key === 'json' || key === 'help') args[key] = true;
    else {
      if (i + 1 >= argv.length) throw new Error(`--${key} needs a value`);
      args[key] = argv[++i];
    }
  }
  return args;
}

function slot(bytes) {
  const grid = [];
  for (let reel = 0; reel < 5; reel++) {
    const column = [];
    for (let row = 0; row < 3; row++) {
      const i = 2 * (reel * 3 + row);
      let r = ((bytes[i] << 8) | bytes[i + 1]) % 1024;
      let k = 0;
      while (r >= SLOT.weights[k]) r -= SLOT.weights[k++];
      column.push(SLOT.symbols[k]);
    }
    grid.push(column);
  }
  const wins = [];
  SLOT.lines.forEach((rows, line) => {
    const first = grid[0][rows[0]];
    let count = 1;
    while (count < 5 && grid[count][rows[count]] === first) count++;
    if (count >= 3) wins.push({ line, symbol: first, count, multiplier: SLOT.pays[first][count - 3] });
  });
  const totalMultiplier = wins.reduce((s, w) => s + w.multiplier, 0);
  return { grid, wins, totalMultiplier };
}

function dice(bytes, target, direction) {
  const limit = Math.floor(2 ** 32 / 10000) * 10000;
  let word = 0;
  for (let i = 0; i < 8; i++) {
    word = bytes.readUInt32BE(i * 4);
    if (word < limit) break;
  }
  const roll = word % 10000;
  const win = direction === 'under' ? roll < target : roll > target;
  const winCount = direction === 'under' ? target : 9999 - target;
  const multiplierBp = Math.floor(((10000 - DICE_EDGE_BP) * 10000) / winCount);
  return { roll, target, direction, win, multiplierBp };
}

/** The round's byte stream (originals-common.ts roundByteStream). */
function byteStream(serverSeed, clientSeed, nonce) {
  let block = 0;
  let bytes = hmac(serverSeed, `${clientSeed}:${nonce}`);
  let offset = 0;
  return () => {
    if (offset === bytes.length) {
      block++;
      bytes = hmac(serverSeed, `${clientSeed}:${nonce}:${block}`);
      offset = 0;
    }
    return bytes[offset++];
  };
}

function hmac(key, message) {
  return crypto.createHmac('sha256', Buffer.from(key, 'utf8')).update(message, 'utf8').digest();
}

function choose(n, k) {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** floor(rtp × shape[i] × total / Σ counts·shape), in 1/10,000ths. */
function scaled(shape, counts, total, rtp) {
  const weighted = shape.reduce((sum, s, i) => sum + BigInt(s) * counts[i], 0n);
  return shape.map((s) => Number((BigInt(rtp) * BigInt(s) * total) / weighted));
}

function limbo(next, rtp, target) {
  const u = next() * 2 ** 24 + next() * 2 ** 16 + next() * 2 ** 8 + next();
  const raw = (BigInt(rtp) * 2n ** 32n) / (BigInt(u + 1) * 100n);
  const resultHundredths = raw >= 100000000n ? 100000000 : Number(raw);
  const win = resultHundredths >= target;
  return { resultHundredths, targetHundredths: target, win, multiplierBp: win ? target * 100 : 0 };
}

function plinko(next, rtp, rows, risk) {
  const bytes = [next(), next()];
  const path = Array.from({ length: rows }, (_, i) => (bytes[i >> 3] >> (7 - (i & 7))) & 1);
  const bin = path.reduce((s, x) => s + x, 0);
  const counts = Array.from({ length: rows + 1 }, (_, k) => choose(rows, k));
  const multiplierBp = scaled(PLINKO[risk][rows - 8], counts, 2n ** BigInt(rows), rtp)[bin];
  return { rows, risk, path, bin, multiplierBp };
}

function keno(next, rtp, chosen, risk) {
  const pool = Array.from({ length: 40 }, (_, i) => i + 1);
  const drawn = [];
  for (let i = 0; i < 10; i++) {
    const n = 40 - i;
    let b = next();
    while (b >= 256 - (256 % n)) b = next();
    const j = i + (b % n);
    [pool[i], pool[j]] = [pool[j], pool[i]];
    drawn.push(pool[i]);
  }
  const picks = [...chosen].sort((a, b) => a - b);
  const hits = picks.filter((p) => drawn.includes(p));
  const counts = Array.from(
    { length: picks.length + 1 },
    (_, h) => choose(picks.length, h) * choose(40 - picks.length, 10 - h),
  );
  const multiplierBp = scaled(KENO[risk][picks.length - 1], counts, choose(40, 10), rtp)[hits.length];
  return { risk, picks, drawn, hits, multiplierBp };
}

/** An unbiased integer below n from the stream: bytes at or above the largest multiple of n under 256 are skipped. */
function below(next, n) {
  for (;;) {
    const b = next();
    if (b < 256 - (256 % n)) return b % n;
  }
}

/** A mines round replayed: the mines, then the tiles in order; a round not busted ended cashed out. */
function mines(next, rtp, count, tiles) {
  const pool = Array.from({ length: 25 }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + below(next, 25 - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const minePositions = pool.slice(0, count).sort((a, b) => a - b);
  const revealed = [];
  for (const tile of tiles) {
    revealed.push(tile);
    if (minePositions.includes(tile))
      return { mines: count, minePositions, revealed, state: 'busted', multiplierBp: 0 };
  }
  const k = revealed.length;
  const multiplierBp = Number((BigInt(rtp) * choose(25, k)) / choose(25 - count, k));
  return { mines: count, minePositions, revealed, state: 'cashedOut', multiplierBp };
}

/** Winning ranks of a hi-lo call on `rank` (ace 1 … king 13; "same" at the edges). */
function hiloWinning(rank, call) {
  if (call === 'higher') return (to) => (rank === 1 ? to > 1 : rank === 13 ? to === 13 : to >= rank);
  return (to) => (rank === 13 ? to < 13 : rank === 1 ? to === 1 : to <= rank);
}

/** A hi-lo round replayed: the cards drawn with replacement, each call against the next card. */
function hilo(next, rtp, calls) {
  const rankOf = (card) => Math.floor(card / 4) + 1;
  const cards = [below(next, 52)];
  const picks = [];
  let num = BigInt(rtp);
  let den = 1n;
  for (const call of calls) {
    const from = rankOf(cards[cards.length - 1]);
    cards.push(below(next, 52));
    picks.push(call);
    if (call === 'skip') continue;
    const wins = hiloWinning(from, call);
    if (!wins(rankOf(cards[cards.length - 1]))) return { cards, picks, state: 'busted', multiplierBp: 0 };
    num *= 13n;
    den *= BigInt(Array.from({ length: 13 }, (_, r) => r + 1).filter(wins).length);
  }
  return { cards, picks, state: 'cashedOut', multiplierBp: Number(num / den) };
}

/** An original's outcome from the command line's choices, or a usage message. */
function original(game, args, next) {
  const rtp = Number(args.rtp);
  if (!Number.isInteger(rtp) || rtp < 9700 || rtp > 9900)
    return { error: `${game} needs --rtp 9700…9900 (basis points)` };
  if (game === 'limbo') {
    const target = Number(args.target);
    if (!Number.isInteger(target) || target < 101 || target > 1000000)
      return { error: 'limbo needs --target 101…1000000 (hundredths)' };
    return { outcome: limbo(next, rtp, target) };
  }
  if (game === 'mines') {
    const count = Number(args.mines);
    const tiles = args.tiles === undefined || args.tiles === '' ? [] : String(args.tiles).split(',').map(Number);
    const valid =
      Number.isInteger(count) &&
      count >= 1 &&
      count <= 24 &&
      new Set(tiles).size === tiles.length &&
      tiles.every((t) => Number.isInteger(t) && t >= 0 && t <= 24);
    if (!valid)
      return { error: 'mines needs --mines 1…24 and --tiles with different tiles of 0–24 in order, e.g. 12,0,7' };
    return { outcome: mines(next, rtp, count, tiles) };
  }
  if (game === 'hilo') {
    const calls = args.calls === undefined || args.calls === '' ? [] : String(args.calls).split(',');
    if (!calls.every((c) => ['higher', 'lower', 'skip'].includes(c)))
      return { error: 'hilo needs --calls with higher|lower|skip in order, e.g. higher,skip,lower' };
    return { outcome: hilo(next, rtp, calls) };
  }
  const risk = args.risk;
  if (!['low', 'medium', 'high'].includes(risk)) return { error: `${game} needs --risk low|medium|high` };
  if (game === 'plinko') {
    const rows = Number(args.rows);
    if (!Number.isInteger(rows) || rows < 8 || rows > 16) return { error: 'plinko needs --rows 8…16' };
    return { outcome: plinko(next, rtp, rows, risk) };
  }
  const picks = String(args.picks ?? '')
    .split(',')
    .map(Number);
  const valid =
    picks.length >= 1 &&
    picks.length <= 10 &&
    new Set(picks).size === picks.length &&
    picks.every((p) => Number.isInteger(p) && p >= 1 && p <= 40);
  if (!valid) return { error: 'keno needs --picks with 1–10 different numbers of 1–40, e.g. 3,17,40' };
  return { outcome: keno(next, rtp, picks, risk) };
}

/** Crash's chain step and crash point (packages/shared/src/originals/crash.ts). */
function crashNext(hash) {
  return crypto.createHash('sha256').update(hash, 'utf8').digest('hex');
}

function crashPoint(hash, salt, rtp) {
  const mac = crypto.createHmac('sha256', Buffer.from(hash, 'utf8')).update(salt, 'utf8').digest('hex');
  const r = BigInt(`0x${mac.slice(0, 13)}`);
  const raw = (BigInt(rtp) * 2n ** 52n) / ((2n ** 52n - r) * 100n);
  if (raw >= 100000000n) return 100000000;
  return raw < 100n ? 100 : Number(raw);
}

/** --game crash: the round's crash point, and its place in the chain when asked. */
function crashMain(args) {
  const hash = String(args['round-hash'] ?? '').toLowerCase();
  const salt = String(args.salt ?? '');
  const rtp = Number(args.rtp);
  if (!/^[0-9a-f]{64}$/.test(hash) || salt === '' || !Number.isInteger(rtp) || rtp < 9700 || rtp > 9900) {
    console.error(
      'crash needs --round-hash <64 hex> --salt <text> --rtp 9700…9900 [--previous <hex>] [--terminal <hex> --round <k>]',
    );
    process.exit(2);
  }
  const crashHundredths = crashPoint(hash, salt, rtp);
  const result = { game: 'crash', hash, crashHundredths, next: crashNext(hash) };
  if (args.previous !== undefined) result.previousMatches = result.next === String(args.previous).toLowerCase();
  if (args.terminal !== undefined) {
    // Round k's hash reaches the terminal hash after exactly k steps.
    const k = Number(args.round);
    if (!Number.isSafeInteger(k) || k < 1 || k > 100000000) {
      console.error('--terminal needs --round <k> (the round number, 1 or more)');
      process.exit(2);
    }
    let h = hash;
    for (let i = 0; i < k; i++) h = crashNext(h);
    result.terminalMatches = h === String(args.terminal).toLowerCase();
  }
  if (args.stake !== undefined) {
    const at = Number(args['cashout'] ?? 0);
    result.stake = String(args.stake);
    result.payout = at >= 100 && at <= crashHundredths ? String((BigInt(args.stake) * BigInt(at)) / 100n) : '0';
  }
  if (args.json) console.log(JSON.stringify(result));
  else {
    console.log(`crash point: ${(crashHundredths / 100).toFixed(2)}×`);
    console.log(`SHA-256 of the round's hash (the previous round's hash): ${result.next}`);
    if (result.previousMatches !== undefined)
      console.log(result.previousMatches ? 'previous hash: matches' : 'previous hash: DOES NOT MATCH');
    if (result.terminalMatches !== undefined)
      console.log(result.terminalMatches ? 'terminal hash: matches' : 'terminal hash: DOES NOT MATCH');
    if (result.payout !== undefined) console.log(`payout: ${result.payout} (stake ${result.stake}, minor units)`);
  }
  if (result.previousMatches === false || result.terminalMatches === false) process.exit(1);
}

function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(String(err.message));
    process.exit(2);
  }
  const game = args.game ?? 'slot';
  if (game === 'crash') return crashMain(args);
  if (
    args.help ||
    args['server-seed'] === undefined ||
    args['client-seed'] === undefined ||
    args.nonce === undefined ||
    !['slot', 'dice', 'limbo', 'plinko', 'keno', 'mines', 'hilo'].includes(game)
  ) {
    console.error(
      'usage: node scripts/verify-fair.mjs --game slot|dice|limbo|plinko|keno|mines|hilo --server-seed S --client-seed C --nonce N [--target T --direction under|over] [--rtp BPS --rows R --risk low|medium|high --picks A,B,… --mines M --tiles A,B,… --calls higher,skip,…] [--stake MINOR] [--hash HEX] [--json]',
    );
    process.exit(2);
  }
  const serverSeed = args['server-seed'];
  const clientSeed = args['client-seed'];
  const nonce = Number(args.nonce);
  if (!Number.isSafeInteger(nonce) || nonce < 0) {
    console.error('--nonce must be a whole number ≥ 0');
    process.exit(2);
  }
  const serverSeedHash = crypto.createHash('sha256').update(serverSeed, 'utf8').digest('hex');
  const bytes = crypto
    .createHmac('sha256', Buffer.from(serverSeed, 'utf8'))
    .update(`${clientSeed}:${nonce}`, 'utf8')
    .digest();
  const stake = args.stake !== undefined ? BigInt(args.stake) : undefined;
  let outcome;
  let payout;
  if (game === 'slot') {
    outcome = slot(bytes);
    if (stake !== undefined) payout = (stake / BigInt(SLOT.lines.length)) * BigInt(outcome.totalMultiplier);
  } else if (game !== 'dice') {
    const played = original(game, args, byteStream(serverSeed, clientSeed, nonce));
    if (played.error) {
      console.error(played.error);
      process.exit(2);
    }
    outcome = played.outcome;
    if (stake !== undefined) payout = (stake * BigInt(outcome.multiplierBp)) / 10000n;
  } else {
    const target = Number(args.target);
    const direction = args.direction ?? 'under';
    if (!Number.isInteger(target) || !['under', 'over'].includes(direction)) {
      console.error('dice needs --target 0…9999 and --direction under|over');
      process.exit(2);
    }
    outcome = dice(bytes, target, direction);
    if (stake !== undefined) payout = outcome.win ? (stake * BigInt(outcome.multiplierBp)) / 10000n : 0n;
  }
  const hashMatches = args.hash === undefined ? undefined : args.hash.toLowerCase() === serverSeedHash;
  const result = {
    game,
    serverSeedHash,
    ...(hashMatches === undefined ? {} : { hashMatches }),
    clientSeed,
    nonce,
    hmac: bytes.toString('hex'),
    outcome,
    ...(payout === undefined ? {} : { stake: String(stake), payout: String(payout) }),
  };
  if (args.json) {
    console.log(JSON.stringify(result));
  } else {
    console.log(
      `server seed hash: ${serverSeedHash}${hashMatches === undefined ? '' : hashMatches ? '  (matches)' : '  (DOES NOT MATCH)'}`,
    );
    console.log(`hmac:             ${result.hmac}`);
    if (game === 'slot') {
      for (let row = 0; row < 3; row++) console.log(`  ${outcome.grid.map((c) => c[row].padEnd(7)).join(' ')}`);
      for (const w of outcome.wins)
        console.log(`  line ${w.line + 1}: ${w.count} × ${w.symbol} pays ${w.multiplier}× line bet`);
      console.log(`total: ${outcome.totalMultiplier}× line bet`);
    } else if (game === 'limbo') {
      console.log(
        `result: ${(outcome.resultHundredths / 100).toFixed(2)}× (target ${(outcome.targetHundredths / 100).toFixed(2)}×) → ${outcome.win ? 'win' : 'loss'}`,
      );
    } else if (game === 'plinko') {
      console.log(
        `path: ${outcome.path.map((x) => (x ? 'R' : 'L')).join('')} → bin ${outcome.bin}, multiplier ${(outcome.multiplierBp / 10000).toFixed(4)}×`,
      );
    } else if (game === 'mines') {
      console.log(
        `mines: ${outcome.minePositions.join(' ')}; revealed: ${outcome.revealed.join(' ') || 'none'} → ${outcome.state}, multiplier ${(outcome.multiplierBp / 10000).toFixed(4)}×`,
      );
    } else if (game === 'hilo') {
      console.log(
        `cards: ${outcome.cards.join(' ')}; calls: ${outcome.picks.join(' ') || 'none'} → ${outcome.state}, multiplier ${(outcome.multiplierBp / 10000).toFixed(4)}×`,
      );
    } else if (game === 'keno') {
      console.log(
        `drawn: ${outcome.drawn.join(' ')}; hits: ${outcome.hits.join(' ') || 'none'} → multiplier ${(outcome.multiplierBp / 10000).toFixed(4)}×`,
      );
    } else {
      console.log(
        `roll: ${(outcome.roll / 100).toFixed(2)} (${outcome.direction} ${(outcome.target / 100).toFixed(2)}) → ${outcome.win ? 'win' : 'loss'}, multiplier ${(outcome.multiplierBp / 10000).toFixed(4)}×`,
      );
    }
    if (payout !== undefined) console.log(`payout: ${payout} (stake ${stake}, minor units)`);
  }
  if (hashMatches === false) process.exit(1);
}

main();
