// The money model of agent contracts (docs/agents.md, "The money model"). For one player's
// activity of one contract type, the agents above the player form a chain, from the player's
// direct agent up to the top agent, each with its rate for the period. The chain is paid the top
// agent's rate of the base in all; each agent keeps its own rate minus the rate of the downline
// the activity came through (the direct agent has no such downline and keeps its whole rate).
//
// Rates are integer basis points (1 bp = 0.01 %); the base is integer minor units. Rounding: the
// amount paid up to and including agent i is floor(rate_i × base / 10 000) (a "prefix floor"),
// and agent i receives that minus the same for the agent below it. The sum is then exactly
// floor(topRate × base / 10 000), every payout is within one minor unit of its exact share, and
// the fraction of a minor unit that the floor drops stays with the house, never paid twice.

/** Basis points in one whole (100 %). */
export const RATE_SCALE = 10_000n;

/**
 * The rates the split uses: each rate capped by the one above it, from the top down. Contracts
 * keep a downline's rate at or under its upline's, but a tiered rate is chosen by each agent's
 * own team figures, and a dividend's base (net loss) can be smaller for an upline than for one of
 * its downlines; the cap keeps every payout non-negative and the total at the top agent's rate.
 */
export function capChainRates(ratesBottomUp: readonly number[]): number[] {
  const capped = [...ratesBottomUp];
  for (let i = capped.length - 2; i >= 0; i--) capped[i] = Math.min(capped[i]!, capped[i + 1]!);
  return capped;
}

/**
 * Each agent's payout for one activity: `ratesBottomUp[0]` is the player's direct agent, the last
 * is the top agent; the answer is in the same order. `baseMinor` must not be negative (a
 * dividend's negative base pays nothing and is carried forward before this is called).
 */
export function splitChainPayout(ratesBottomUp: readonly number[], baseMinor: bigint): bigint[] {
  if (baseMinor < 0n) throw new RangeError('payout base must not be negative');
  for (const rate of ratesBottomUp) {
    if (!Number.isSafeInteger(rate) || rate < 0 || BigInt(rate) > RATE_SCALE)
      throw new RangeError(`rate out of range: ${rate}`);
  }
  const rates = capChainRates(ratesBottomUp);
  let paidBelow = 0n;
  return rates.map((rate) => {
    const paidThrough = (BigInt(rate) * baseMinor) / RATE_SCALE;
    const payout = paidThrough - paidBelow;
    paidBelow = paidThrough;
    return payout;
  });
}
