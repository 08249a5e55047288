// Crash: one shared round for every player. A multiplier rises from 1.00× until it busts at the
// round's crash point; a bet cashed out before then pays stake × the multiplier at that moment.
// Crash points come from a hash chain committed in advance (as bustabit does): the operator
// publishes the chain's last hash and a salt, then plays the chain backwards, so every round
// reveals a hash whose SHA-256 is the previous round's hash. Pure and synchronous like the other
// originals; scripts/verify-fair.mjs re-implements it with Node built-ins (a test compares them).

import { hmacSha256, sha256, toHex, utf8 } from '../provably-fair';

/** Multipliers in hundredths (2.5× = 250): the crash point, targets and cash-outs. */
export const CRASH_ONE = 100;
/** Automatic cash-out targets in hundredths: 1.01× to 1,000,000.00×. */
export const CRASH_TARGET = { min: 101, max: 100_000_000 } as const;
/** The highest crash point: a draw above it busts at it (no target lies beyond it). */
export const CRASH_POINT_CAP = 100_000_000;
/** How fast the multiplier rises: m(t) = e^(growth·t), t in milliseconds since the flight began (bustabit's rate). */
export const CRASH_GROWTH_PER_MS = 0.00006;
/**
 * A round's maximum total payout is this many times the game's maximum payout per bet: when the
 * bets still flying would together win more, they are all cashed out at the multiplier that
 * reaches it (docs/provably-fair.md, "Crash").
 */
export const CRASH_ROUND_PAYOUT_FACTOR = 10n;

const TWO_52 = 2n ** 52n;

/** The hash after `hash` in the chain: SHA-256 of its hex text (so round k's hash gives round k − 1's). */
export function nextChainHash(hash: string): string {
  return toHex(sha256(utf8(hash)));
}

/** Whether `hash` (revealed by a round) hashes to `previous` (the round before's, or the published terminal hash). */
export function isChainLink(hash: string, previous: string): boolean {
  return nextChainHash(hash) === previous.toLowerCase();
}

/** The uniform draw of a round: the first 52 bits of HMAC-SHA256(key = the round's hash, message = the chain's salt). */
export function crashDraw(gameHash: string, salt: string): bigint {
  const mac = toHex(hmacSha256(utf8(gameHash), utf8(salt)));
  return BigInt(`0x${mac.slice(0, 13)}`);
}

/**
 * The crash point in hundredths from the draw r (0 ≤ r < 2⁵²) at an RTP in basis points:
 * max(100, floor(rtpBps × 2⁵² / ((2⁵² − r) × 100))), capped at CRASH_POINT_CAP. The standard
 * formula (99 / (1 − X) at 99 %) in integers, so a double's rounding never moves a bust.
 */
export function crashPointFromDraw(r: bigint, rtpBps: number): number {
  const raw = (BigInt(rtpBps) * TWO_52) / ((TWO_52 - r) * 100n);
  if (raw >= BigInt(CRASH_POINT_CAP)) return CRASH_POINT_CAP;
  return raw < BigInt(CRASH_ONE) ? CRASH_ONE : Number(raw);
}

/** A round's crash point in hundredths from its hash, the chain's salt and the round's RTP. */
export function crashPoint(gameHash: string, salt: string, rtpBps: number): number {
  return crashPointFromDraw(crashDraw(gameHash, salt), rtpBps);
}

/**
 * How many of the 2⁵² draws reach a target t (crash point ≥ t, t ≤ the cap): those with
 * 2⁵² − r ≤ floor(rtpBps × 2⁵² / (100 × t)).
 */
export function crashReachCount(targetHundredths: number, rtpBps: number): bigint {
  const count = (BigInt(rtpBps) * TWO_52) / (100n * BigInt(targetHundredths));
  return count > TWO_52 ? TWO_52 : count;
}

/** The exact RTP of a bet cashed out automatically at t: P(crash ≥ t) × t. */
export function crashExactRtp(
  targetHundredths: number,
  rtpBps: number,
): { numerator: bigint; denominator: bigint; value: number } {
  const numerator = crashReachCount(targetHundredths, rtpBps) * BigInt(targetHundredths);
  const denominator = TWO_52 * 100n;
  return { numerator, denominator, value: Number((numerator * 10n ** 12n) / denominator) / 1e12 };
}

/** The multiplier in hundredths `ms` milliseconds into a flight: floor(100 × e^(growth·ms)). */
export function crashMultiplierAt(ms: number, growthPerMs: number = CRASH_GROWTH_PER_MS): number {
  if (ms <= 0) return CRASH_ONE;
  return Math.floor(CRASH_ONE * Math.exp(growthPerMs * ms));
}

/** The first whole millisecond of a flight at which the multiplier is at least `hundredths`. */
export function crashMsToReach(hundredths: number, growthPerMs: number = CRASH_GROWTH_PER_MS): number {
  if (hundredths <= CRASH_ONE) return 0;
  let ms = Math.max(0, Math.ceil(Math.log(hundredths / CRASH_ONE) / growthPerMs));
  // The logarithm's rounding may be off by a step either way: settle it on the function itself.
  while (ms > 0 && crashMultiplierAt(ms - 1, growthPerMs) >= hundredths) ms--;
  while (crashMultiplierAt(ms, growthPerMs) < hundredths) ms++;
  return ms;
}

/** When a flight with this crash point busts: the first millisecond the multiplier passes it. */
export function crashBustMs(crashHundredths: number, growthPerMs: number = CRASH_GROWTH_PER_MS): number {
  return crashMsToReach(crashHundredths + 1, growthPerMs);
}

/** The payout of a stake cashed out at a multiplier (hundredths), rounded down to the minor unit. */
export function crashPayout(stakeMinor: bigint, multiplierHundredths: number): bigint {
  return (stakeMinor * BigInt(multiplierHundredths)) / BigInt(CRASH_ONE);
}

/** The highest multiplier (hundredths) at which a stake's payout stays within `maxPayoutMinor`. */
export function crashCapMultiplier(stakeMinor: bigint, maxPayoutMinor: bigint): number {
  const m = (maxPayoutMinor * BigInt(CRASH_ONE)) / stakeMinor;
  return m > BigInt(CRASH_POINT_CAP) ? CRASH_POINT_CAP : Number(m);
}
