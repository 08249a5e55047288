// Provably-fair outcomes of the in-house games, shared by the server, the web page and the tests.
// Everything here is pure and synchronous (a small SHA-256 / HMAC-SHA256 in plain JS), so the same
// code runs in Node and in the browser. scripts/verify-fair.mjs re-implements it without imports,
// so anyone can check a round without our code; a test keeps the two in step.

// ---------------------------------------------------------------------------------------------
// SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104)
// ---------------------------------------------------------------------------------------------

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The message schedule, reused by every call (the function is synchronous, so calls never overlap). */
const SCHEDULE = new Uint32Array(64);

/** SHA-256 of bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  const bitLength = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  // Messages here are far below 2^32 bits, so the high word of the length stays 0.
  view.setUint32(padded.length - 4, bitLength >>> 0);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = SCHEDULE;
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!);
  return out;
}

/** HMAC-SHA256(key, message). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36;
    outer[i] = block[i]! ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

/** The commitment shown before play: hex SHA-256 of the server seed's UTF-8 text. */
export function hashServerSeed(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}

/** The 32 bytes every outcome is read from: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`). */
export function roundBytes(serverSeed: string, clientSeed: string, nonce: number): Uint8Array {
  return hmacSha256(utf8(serverSeed), utf8(`${clientSeed}:${nonce}`));
}

// ---------------------------------------------------------------------------------------------
// Slot "Lucky Fives": 5 reels × 3 rows, 10 paylines, pays left to right for 3, 4 or 5 in a row.
// Every cell is drawn on its own from the symbol weights (out of 1024), so a payline's 5 cells are
// independent and the exact RTP is a closed sum (slotExactRtp) that a test compares with the target.
// ---------------------------------------------------------------------------------------------

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;
/** Weights add up to this; 65536 / 1024 is whole, so `u16 % 1024` has no bias. */
export const SLOT_WEIGHT_TOTAL = 1024;

export type SlotSymbol = 'seven' | 'bar' | 'bell' | 'plum' | 'orange' | 'lemon' | 'cherry';

export type SlotConfig = {
  /** The RTP the paytable is designed for (fraction: 0.96 = 96 %). Tests hold the design to it. */
  targetRtp: number;
  symbols: readonly SlotSymbol[];
  /** Per-cell weight of each symbol (same order as `symbols`), summing to SLOT_WEIGHT_TOTAL. */
  weights: readonly number[];
  /** Multiples of the line bet for exactly 3, 4 and 5 in a row from the leftmost reel. */
  pays: Readonly<Record<SlotSymbol, readonly [number, number, number]>>;
  /** Row (0 = top) of each reel, per payline. */
  lines: readonly (readonly number[])[];
};

/** The slot's configuration: symbols, weights, paytable, paylines and its target RTP (96 %). */
export const SLOT_CONFIG: SlotConfig = {
  targetRtp: 0.96,
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

export type SlotLineWin = { line: number; symbol: SlotSymbol; count: number; multiplier: number };

export type SlotOutcome = {
  /** grid[reel][row] */
  grid: SlotSymbol[][];
  wins: SlotLineWin[];
  /** Sum of the winning lines' multipliers (in line bets). */
  totalMultiplier: number;
};

/** The symbol of one cell from its 16-bit draw. */
function symbolFor(draw: number, config: SlotConfig): SlotSymbol {
  let r = draw % SLOT_WEIGHT_TOTAL;
  for (let i = 0; i < config.symbols.length; i++) {
    r -= config.weights[i]!;
    if (r < 0) return config.symbols[i]!;
  }
  throw new Error('slot: weights do not add up to SLOT_WEIGHT_TOTAL');
}

/** The slot result from a round's 32 bytes: cell (reel, row) uses bytes 2·(reel·3 + row) and the next one. */
export function slotOutcomeFromBytes(bytes: Uint8Array, config: SlotConfig = SLOT_CONFIG): SlotOutcome {
  const grid: SlotSymbol[][] = [];
  for (let reel = 0; reel < SLOT_REELS; reel++) {
    const column: SlotSymbol[] = [];
    for (let row = 0; row < SLOT_ROWS; row++) {
      const i = 2 * (reel * SLOT_ROWS + row);
      column.push(symbolFor((bytes[i]! << 8) | bytes[i + 1]!, config));
    }
    grid.push(column);
  }
  const wins: SlotLineWin[] = [];
  config.lines.forEach((rows, line) => {
    const first = grid[0]![rows[0]!]!;
    let count = 1;
    while (count < SLOT_REELS && grid[count]![rows[count]!] === first) count++;
    if (count >= 3) wins.push({ line, symbol: first, count, multiplier: config.pays[first][count - 3]! });
  });
  return { grid, wins, totalMultiplier: wins.reduce((sum, w) => sum + w.multiplier, 0) };
}

/** The slot result of a round. */
export function slotOutcome(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  config: SlotConfig = SLOT_CONFIG,
): SlotOutcome {
  return slotOutcomeFromBytes(roundBytes(serverSeed, clientSeed, nonce), config);
}

/** Payout in minor units: the stake is split evenly over the lines, each winning line pays its multiple. */
export function slotPayout(stakeMinor: bigint, outcome: SlotOutcome, config: SlotConfig = SLOT_CONFIG): bigint {
  return (stakeMinor / BigInt(config.lines.length)) * BigInt(outcome.totalMultiplier);
}

/**
 * The exact theoretical RTP: by linearity, the mean of the lines' returns; each line's 5 cells are
 * independent, so P(exactly k of s from the left) = p^k·(1−p) for k < 5 and p^5 for k = 5.
 * Returned as an exact fraction (numerator over 1024^5) and as a number.
 */
export function slotExactRtp(config: SlotConfig = SLOT_CONFIG): {
  numerator: bigint;
  denominator: bigint;
  value: number;
} {
  const W = BigInt(SLOT_WEIGHT_TOTAL);
  const denominator = W ** 5n;
  let numerator = 0n;
  config.symbols.forEach((symbol, i) => {
    const w = BigInt(config.weights[i]!);
    const [p3, p4, p5] = config.pays[symbol];
    numerator += BigInt(p3) * w ** 3n * (W - w) * W;
    numerator += BigInt(p4) * w ** 4n * (W - w);
    numerator += BigInt(p5) * w ** 5n;
  });
  return { numerator, denominator, value: Number((numerator * 10n ** 12n) / denominator) / 1e12 };
}

// ---------------------------------------------------------------------------------------------
// Dice: a roll 0…9999; the player wins when it is under (or over) their target.
// ---------------------------------------------------------------------------------------------

/** Dice configuration: the house edge in basis points and the allowed win chances (out of 10,000). */
export const DICE_CONFIG = { houseEdgeBp: 100, minChance: 100, maxChance: 9800 } as const;

export const DICE_OUTCOMES = 10_000;
/** The largest multiple of 10,000 below 2^32: draws at or above it are skipped, so `% 10000` has no bias. */
const DICE_LIMIT = Math.floor(2 ** 32 / DICE_OUTCOMES) * DICE_OUTCOMES;

export type DiceDirection = 'under' | 'over';

/** The roll from a round's 32 bytes: the first of the eight big-endian 32-bit words below the limit, mod 10,000. */
export function diceRollFromBytes(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let word = 0;
  for (let i = 0; i < 8; i++) {
    word = view.getUint32(i * 4);
    if (word < DICE_LIMIT) return word % DICE_OUTCOMES;
  }
  // All eight words rejected has probability (6.9e-6)^8; the last word is then used as it is.
  return word % DICE_OUTCOMES;
}

/** How many of the 10,000 rolls win for a target and direction (under: roll < target; over: roll > target). */
export function diceWinCount(target: number, direction: DiceDirection): number {
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
}

/** The payout multiplier in 1/10,000ths: (1 − edge) / chance, rounded down. */
export function diceMultiplierBp(winCount: number, houseEdgeBp: number = DICE_CONFIG.houseEdgeBp): number {
  return Math.floor(((DICE_OUTCOMES - houseEdgeBp) * DICE_OUTCOMES) / winCount);
}

export type DiceOutcome = {
  roll: number;
  target: number;
  direction: DiceDirection;
  win: boolean;
  multiplierBp: number;
};

/** The dice result of a round. */
export function diceOutcome(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  target: number,
  direction: DiceDirection,
): DiceOutcome {
  const roll = diceRollFromBytes(roundBytes(serverSeed, clientSeed, nonce));
  const win = direction === 'under' ? roll < target : roll > target;
  return { roll, target, direction, win, multiplierBp: diceMultiplierBp(diceWinCount(target, direction)) };
}

/** Dice payout in minor units (0 on a loss). */
export function dicePayout(stakeMinor: bigint, outcome: DiceOutcome): bigint {
  return outcome.win ? (stakeMinor * BigInt(outcome.multiplierBp)) / BigInt(DICE_OUTCOMES) : 0n;
}
