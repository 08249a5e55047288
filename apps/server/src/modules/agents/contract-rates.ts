import type { ContractTier } from '@wps/shared/schemas/agents';

// A contract's rate as a function of the team's figures in a period, and the rate cap between an
// upline's contract and a downline's (docs/agents.md, "Tiers" and "The rate cap").

/** The rate (bp) the tiers give for a base and a number of active players: the highest tier reached, 0 when none is. */
export function rateAt(tiers: readonly ContractTier[], amountMinor: bigint, activePlayers: number): number {
  let rate = 0;
  for (const tier of tiers) {
    if (amountMinor >= BigInt(tier.minAmountMinor) && activePlayers >= tier.minActivePlayers && tier.rateBp > rate)
      rate = tier.rateBp;
  }
  return rate;
}

/**
 * Whether the downline's tiers give a higher rate than the upline's anywhere (`upline` null: the
 * upline holds no contract, rate 0 everywhere). Both rates are step functions that change only at
 * a tier's thresholds, so comparing them at every pair of thresholds from either contract covers
 * every possible figure.
 */
export function exceedsUpline(downline: readonly ContractTier[], upline: readonly ContractTier[] | null): boolean {
  const up = upline ?? [];
  const amounts = [
    ...new Set([0n, ...downline.map((t) => BigInt(t.minAmountMinor)), ...up.map((t) => BigInt(t.minAmountMinor))]),
  ];
  const players = [...new Set([0, ...downline.map((t) => t.minActivePlayers), ...up.map((t) => t.minActivePlayers)])];
  return amounts.some((amount) =>
    players.some((active) => rateAt(downline, amount, active) > rateAt(up, amount, active)),
  );
}
