#!/usr/bin/env node
// Stand-alone verifier for the platform's raffles. Needs only Node (no project code, no server):
// anyone can check a draw from the raffle as the site shows it once drawn.
//
//   node scripts/verify-raffle.mjs --file raffle.json      (the `value` of GET /wps/promo/raffles/<id>, or the whole answer)
//   curl -s https://<site>/wps/promo/raffles/<id> | node scripts/verify-raffle.mjs
//
// The rules (docs/provably-fair.md, "Raffles"): the commitment published before any ticket is
// SHA-256(serverSeed); prize n goes to the ticket read from HMAC-SHA256(serverSeed, `raffle:<id>:<n>`)
// (then `raffle:<id>:<n>:<k>`, k = 1, 2…, when a word is refused): its first 32-bit big-endian
// word, refused at or above the largest multiple of the ticket count below 2^32 or when that ticket
// already won; the ticket number is word mod count + 1 (tickets are numbered 1..count in claim
// order). Exit 0 when everything matches, 1 when anything does not, 2 on bad input.
import crypto from 'node:crypto';
import fs from 'node:fs';

// Keep in step with packages/shared/src/raffle-draw.ts (a test compares the two).
export function drawWinners(serverSeed, raffleId, ticketCount, prizeCount) {
  const winners = [];
  const taken = new Set();
  const limit = ticketCount > 0 ? Math.floor(2 ** 32 / ticketCount) * ticketCount : 0;
  for (let n = 1; n <= Math.min(prizeCount, ticketCount); n++) {
    for (let k = 0; ; k++) {
      const message = k === 0 ? `raffle:${raffleId}:${n}` : `raffle:${raffleId}:${n}:${k}`;
      const word = crypto.createHmac('sha256', serverSeed).update(message).digest().readUInt32BE(0);
      if (word >= limit) continue;
      const ticket = (word % ticketCount) + 1;
      if (taken.has(ticket)) continue;
      taken.add(ticket);
      winners.push(ticket);
      break;
    }
  }
  return winners;
}

/** Every check of one drawn raffle: [name, passed, detail]. */
export function verifyRaffle(raffle) {
  const checks = [];
  if (raffle.status !== 'drawn' || typeof raffle.serverSeed !== 'string')
    return [['drawn', false, 'the raffle is not drawn yet: its seed is still secret']];
  const hash = crypto.createHash('sha256').update(raffle.serverSeed, 'utf8').digest('hex');
  checks.push([
    'commitment',
    hash === raffle.serverSeedHash,
    `SHA-256(serverSeed) = ${hash}, published ${raffle.serverSeedHash}`,
  ]);
  const expected = drawWinners(raffle.serverSeed, String(raffle.id), raffle.ticketCount, raffle.prizes.length);
  const shown = [...raffle.winners].sort((a, b) => a.rank - b.rank).map((w) => w.ticket);
  const same = expected.length === shown.length && expected.every((t, i) => t === shown[i]);
  checks.push(['winners', same, `expected tickets ${JSON.stringify(expected)}, shown ${JSON.stringify(shown)}`]);
  const ranks = [...raffle.winners].sort((a, b) => a.rank - b.rank).map((w) => w.rank);
  checks.push(['ranks', ranks.every((r, i) => r === i + 1), `ranks ${JSON.stringify(ranks)}`]);
  return checks;
}

function main() {
  const argv = process.argv.slice(2);
  const fileAt = argv.indexOf('--file');
  let text;
  try {
    text = fileAt >= 0 ? fs.readFileSync(argv[fileAt + 1], 'utf8') : fs.readFileSync(0, 'utf8');
  } catch (err) {
    console.error(`cannot read the raffle: ${err.message}`);
    console.error('usage: node scripts/verify-raffle.mjs [--file raffle.json] (or the raffle JSON on stdin)');
    process.exit(2);
  }
  let raffle;
  try {
    const parsed = JSON.parse(text);
    raffle = parsed && typeof parsed === 'object' && 'value' in parsed ? parsed.value : parsed;
    if (
      !raffle ||
      !Array.isArray(raffle.prizes) ||
      !Array.isArray(raffle.winners) ||
      typeof raffle.ticketCount !== 'number'
    )
      throw new Error('not a raffle');
  } catch (err) {
    console.error(`not a raffle answer: ${err.message}`);
    process.exit(2);
  }
  const checks = verifyRaffle(raffle);
  for (const [name, passed, detail] of checks) console.log(`${passed ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
  const failed = checks.some(([, passed]) => !passed);
  console.log(
    failed
      ? 'raffle NOT verified'
      : `raffle ${raffle.id} verified: ${raffle.winners.length} winners from ${raffle.ticketCount} tickets`,
  );
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
