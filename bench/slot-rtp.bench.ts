// 1,000,000 spins of the in-house slot through the same provably-fair path the server uses
// (HMAC-SHA256(serverSeed, clientSeed:nonce) → packages/shared/src/provably-fair.ts), with a fresh
// random server seed per run and nonces 0…N−1 like a real player's session. Prints the measured
// RTP next to the exact theoretical RTP and the configured target; exits 1 outside ±0.5 pp.
// Run: npm run bench:rtp   (BENCH_SPINS to change the count, BENCH_SERVER_SEED to replay a run)
import crypto from 'node:crypto';
import {
  SLOT_CONFIG,
  roundBytes,
  slotExactRtp,
  slotOutcomeFromBytes,
  slotPayout,
} from '../packages/shared/src/provably-fair';

const SPINS = Number(process.env.BENCH_SPINS ?? 1_000_000);
const TOLERANCE_PP = 0.5;
const STAKE_MINOR = 100n;

function main() {
  const serverSeed = process.env.BENCH_SERVER_SEED ?? crypto.randomBytes(32).toString('hex');
  const clientSeed = 'bench-client-seed';
  const started = performance.now();
  let staked = 0n;
  let paid = 0n;
  let hits = 0;
  let sumSq = 0;
  for (let nonce = 0; nonce < SPINS; nonce++) {
    const outcome = slotOutcomeFromBytes(roundBytes(serverSeed, clientSeed, nonce));
    const payout = slotPayout(STAKE_MINOR, outcome);
    staked += STAKE_MINOR;
    paid += payout;
    if (payout > 0n) hits++;
    const r = Number(payout) / Number(STAKE_MINOR);
    sumSq += r * r;
  }
  const seconds = (performance.now() - started) / 1000;
  const measured = Number((paid * 1_000_000n) / staked) / 1_000_000;
  const exact = slotExactRtp().value;
  const target = SLOT_CONFIG.targetRtp;
  const sd = Math.sqrt(sumSq / SPINS - measured * measured);
  const diffPp = (measured - target) * 100;
  console.log(`slot RTP over ${SPINS.toLocaleString('en')} spins (server seed ${serverSeed})`);
  console.log(`  target   ${(target * 100).toFixed(4)} %`);
  console.log(`  exact    ${(exact * 100).toFixed(4)} %  (closed form over the paytable and weights)`);
  console.log(
    `  measured ${(measured * 100).toFixed(4)} %  (${diffPp >= 0 ? '+' : ''}${diffPp.toFixed(4)} pp from target; 1 s.e. = ${((sd / Math.sqrt(SPINS)) * 100).toFixed(4)} pp)`,
  );
  console.log(
    `  hit rate ${((hits / SPINS) * 100).toFixed(2)} %, ${Math.round(SPINS / seconds).toLocaleString('en')} spins/s`,
  );
  if (Math.abs(diffPp) > TOLERANCE_PP) {
    console.error(`FAIL: measured RTP is more than ${TOLERANCE_PP} pp from the target`);
    process.exit(1);
  }
  console.log(`OK: within ±${TOLERANCE_PP} pp`);
}

main();
