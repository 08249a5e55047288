#!/usr/bin/env node
// Stand-alone verifier for the in-house provably-fair games. Needs only Node (no project code,
// no server): anyone can check a round from the seeds shown in the game and the betting record.
//
//   node scripts/verify-fair.mjs --game slot --server-seed <seed> --client-seed <seed> --nonce <n>
//   node scripts/verify-fair.mjs --game dice --server-seed <seed> --client-seed <seed> --nonce <n> --target 4950 --direction under
//   add --stake <minor units> to print the payout, --hash <hex> to check the committed hash, --json for JSON.
//
// The rules (docs/provably-fair.md): bytes = HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`);
// commitment = SHA-256(serverSeed). Slot: 5 reels × 3 rows; cell (reel,row) = symbol chosen by
// ((bytes[2i] << 8) | bytes[2i+1]) % 1024 over the weights, i = reel·3 + row; 10 paylines pay
// left to right for 3, 4 or 5 in a row. Dice: first 32-bit big-endian word < 4294960000, mod 10000.
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

function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(String(err.message));
    process.exit(2);
  }
  const game = args.game ?? 'slot';
  if (
    args.help ||
    args['server-seed'] === undefined ||
    args['client-seed'] === undefined ||
    args.nonce === undefined ||
    !['slot', 'dice'].includes(game)
  ) {
    console.error(
      'usage: node scripts/verify-fair.mjs --game slot|dice --server-seed S --client-seed C --nonce N [--target T --direction under|over] [--stake MINOR] [--hash HEX] [--json]',
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
