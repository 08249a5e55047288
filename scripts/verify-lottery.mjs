#!/usr/bin/env node
// Stand-alone verifier for the platform's own lottery draws. Needs only Node (no project code, no
// server): anyone can recompute a draw's result from its revealed server seed and draw key.
//
//   node scripts/verify-lottery.mjs --family vn_north --seed <revealed seed> --hash <commitment> --draw <draw key>
//   add --json to print one JSON line instead. The families: digits5, digits3, pick11x5, dice3,
//   race10, keno, vn_north, vn_central, vn_south.
//
// The rules (docs/lottery.md, "Provably fair results"): the commitment published before sales close
// is SHA-256(serverSeed). Number i of the result (1-based, in result order) is read from
// HMAC-SHA256(serverSeed, `lottery:<drawKey>:<i>`), then `lottery:<drawKey>:<i>:<k>` for k = 1, 2…
// while a word is refused: the first 32-bit big-endian word, refused at or above the largest
// multiple of the range below 2^32, and in draws without replacement (pick11x5, race10, keno) when
// its value is already drawn; the value is word mod range plus the lowest number. A Vietnamese
// prize number is the value over 10^digits, zero-padded. Exit 0 when the commitment matches, 1 when
// it does not, 2 on bad input.
import crypto from 'node:crypto';

// Keep in step with packages/shared/src/lottery/results.ts and fair-draw.ts (a test compares them).
const NUMBERS = {
  digits5: { count: 5, lo: 0, hi: 9, distinct: false },
  digits3: { count: 3, lo: 0, hi: 9, distinct: false },
  pick11x5: { count: 5, lo: 1, hi: 11, distinct: true },
  dice3: { count: 3, lo: 1, hi: 6, distinct: false },
  race10: { count: 10, lo: 1, hi: 10, distinct: true },
  keno: { count: 20, lo: 1, hi: 80, distinct: true },
};
const VN_NORTH = [
  ['special', 1, 5],
  ['first', 1, 5],
  ['second', 2, 5],
  ['third', 6, 5],
  ['fourth', 4, 4],
  ['fifth', 6, 4],
  ['sixth', 3, 3],
  ['seventh', 4, 2],
];
const VN_CENTRAL_SOUTH = [
  ['eighth', 1, 2],
  ['seventh', 1, 3],
  ['sixth', 3, 4],
  ['fifth', 1, 4],
  ['fourth', 7, 5],
  ['third', 2, 5],
  ['second', 1, 5],
  ['first', 1, 5],
  ['special', 1, 6],
];
const PRIZES = { vn_north: VN_NORTH, vn_central: VN_CENTRAL_SOUTH, vn_south: VN_CENTRAL_SOUTH };
const FAMILIES = [...Object.keys(NUMBERS), ...Object.keys(PRIZES)];

function drawValue(seed, drawKey, i, range, taken) {
  const limit = Math.floor(2 ** 32 / range) * range;
  for (let k = 0; ; k++) {
    const message = k === 0 ? `lottery:${drawKey}:${i}` : `lottery:${drawKey}:${i}:${k}`;
    const word = crypto
      .createHmac('sha256', Buffer.from(seed, 'utf8'))
      .update(message, 'utf8')
      .digest()
      .readUInt32BE(0);
    if (word >= limit) continue;
    const value = word % range;
    if (taken && taken.has(value)) continue;
    if (taken) taken.add(value);
    return value;
  }
}

function drawResult(family, seed, drawKey) {
  if (PRIZES[family]) {
    let i = 0;
    const prizes = PRIZES[family].map(([tier, count, digits]) => ({
      tier,
      numbers: Array.from({ length: count }, () =>
        String(drawValue(seed, drawKey, ++i, 10 ** digits)).padStart(digits, '0'),
      ),
    }));
    return { kind: 'prizes', prizes };
  }
  const { count, lo, hi, distinct } = NUMBERS[family];
  const taken = distinct ? new Set() : undefined;
  const numbers = Array.from({ length: count }, (_, n) => lo + drawValue(seed, drawKey, n + 1, hi - lo + 1, taken));
  return { kind: 'numbers', numbers };
}

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

function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(String(err.message));
    process.exit(2);
  }
  if (
    args.help ||
    !FAMILIES.includes(args.family) ||
    typeof args.seed !== 'string' ||
    typeof args.hash !== 'string' ||
    typeof args.draw !== 'string'
  ) {
    console.error(
      `usage: node scripts/verify-lottery.mjs --family ${FAMILIES.join('|')} --seed SEED --hash HEX --draw DRAW_KEY [--json]`,
    );
    process.exit(2);
  }
  const serverSeedHash = crypto.createHash('sha256').update(args.seed, 'utf8').digest('hex');
  const hashMatches = args.hash.toLowerCase() === serverSeedHash;
  const result = drawResult(args.family, args.seed, args.draw);
  if (args.json) {
    console.log(JSON.stringify({ family: args.family, draw: args.draw, serverSeedHash, hashMatches, result }));
  } else {
    console.log(
      `server seed hash: ${serverSeedHash}${hashMatches ? '  (matches)' : `  (DOES NOT MATCH the committed ${args.hash})`}`,
    );
    console.log(`family ${args.family}, draw ${args.draw}`);
    if (result.kind === 'numbers') console.log(`result: ${result.numbers.join(' ')}`);
    else for (const { tier, numbers } of result.prizes) console.log(`  ${tier.padEnd(8)} ${numbers.join(' ')}`);
  }
  if (!hashMatches) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
