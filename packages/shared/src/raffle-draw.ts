// A raffle's winners, from its server seed and its ticket count alone, shared by the server (which
// draws) and the tests; scripts/verify-raffle.mjs re-implements it without imports so anyone can
// check a draw, and a test keeps the two in step.
//
// Prize n (1-based) goes to the ticket whose number is read from
// HMAC-SHA256(serverSeed, `raffle:<raffleId>:<n>`) (then `…:<n>:<k>` for k = 1, 2… when a word is
// refused): the first 32-bit big-endian word, refused when at or above the largest multiple of the
// ticket count below 2^32 (so every ticket is equally likely) or when its ticket already won; the
// ticket is word mod count + 1. Tickets are numbered 1..count in the order they were claimed.
import { hmacSha256, utf8 } from './provably-fair';

const TWO_32 = 2 ** 32;

/** The winning ticket numbers in prize order; fewer than `prizeCount` when there are fewer tickets. */
export function drawRaffleWinners(
  serverSeed: string,
  raffleId: string,
  ticketCount: number,
  prizeCount: number,
): number[] {
  const winners: number[] = [];
  const taken = new Set<number>();
  const limit = ticketCount > 0 ? Math.floor(TWO_32 / ticketCount) * ticketCount : 0;
  for (let n = 1; n <= Math.min(prizeCount, ticketCount); n++) {
    for (let k = 0; ; k++) {
      const bytes = hmacSha256(
        utf8(serverSeed),
        utf8(k === 0 ? `raffle:${raffleId}:${n}` : `raffle:${raffleId}:${n}:${k}`),
      );
      const word = ((bytes[0]! << 24) >>> 0) + (bytes[1]! << 16) + (bytes[2]! << 8) + bytes[3]!;
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
