// Provably fair results: a draw's result from its server seed (committed as SHA-256(serverSeed)
// before sales close) and its draw key alone. scripts/verify-lottery.mjs re-implements this with
// Node built-ins only so anyone can check a draw; a test keeps the two in step.
//
// The result's numbers are read one after another, number i (1-based, in result order: digits by
// position, the race from first place, keno as drawn, Vietnamese prizes tier by tier in the order
// of VN_STRUCTURES) from HMAC-SHA256(serverSeed, `lottery:<drawKey>:<i>`), then
// `lottery:<drawKey>:<i>:<k>` for k = 1, 2… while a word is refused. The first 32-bit big-endian
// word is refused at or above the largest multiple of the range below 2^32 (so every value is
// equally likely) and, for draws without replacement (11x5, race, keno), when its value is already
// drawn. The value is word mod range, plus the lowest number; a Vietnamese prize number is the value
// zero-padded to its digit count.
import { hmacSha256, utf8 } from '../provably-fair';
import { isVnFamily, NUMBERS_SPECS, VN_STRUCTURES } from './results';
import type { LotteryFamily, LotteryResult } from './types';

const TWO_32 = 2 ** 32;

/** Value i of the draw: uniform over 0..range−1, skipping `taken` values. */
function drawValue(key: Uint8Array, drawKey: string, i: number, range: number, taken?: Set<number>): number {
  const limit = Math.floor(TWO_32 / range) * range;
  for (let k = 0; ; k++) {
    const bytes = hmacSha256(key, utf8(k === 0 ? `lottery:${drawKey}:${i}` : `lottery:${drawKey}:${i}:${k}`));
    const word = ((bytes[0]! << 24) >>> 0) + (bytes[1]! << 16) + (bytes[2]! << 8) + bytes[3]!;
    if (word >= limit) continue;
    const value = word % range;
    if (taken?.has(value)) continue;
    taken?.add(value);
    return value;
  }
}

/** The draw's result, the same for the same seed and draw key. */
export function drawFairResult(family: LotteryFamily, serverSeed: string, drawKey: string): LotteryResult {
  const key = utf8(serverSeed);
  if (isVnFamily(family)) {
    let i = 0;
    const prizes = VN_STRUCTURES[family].map(({ tier, count, digits }) => ({
      tier,
      numbers: Array.from({ length: count }, () =>
        String(drawValue(key, drawKey, ++i, 10 ** digits)).padStart(digits, '0'),
      ),
    }));
    return { kind: 'prizes', prizes };
  }
  const { count, lo, hi, distinct } = NUMBERS_SPECS[family];
  const taken = distinct ? new Set<number>() : undefined;
  const numbers = Array.from({ length: count }, (_, n) => lo + drawValue(key, drawKey, n + 1, hi - lo + 1, taken));
  return { kind: 'numbers', numbers };
}
