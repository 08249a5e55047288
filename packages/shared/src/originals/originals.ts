// The house originals by kind: each game's outcome and its largest multiplier behind one shape,
// so the server plays, limits and replays any of them the same way and a new one-shot game joins
// by adding an entry. Games with more than one step per round (mines, hi-lo) or a shared round
// (crash) need more than this shape and are not here.

import { kenoMaxMultiplierBp, kenoOutcome, type KenoParams } from './keno';
import { limboMaxMultiplierBp, limboOutcome, type LimboParams } from './limbo';
import { plinkoMaxMultiplierBp, plinkoOutcome, type PlinkoParams } from './plinko';

export const ORIGINAL_KINDS = ['limbo', 'plinko', 'keno'] as const;
export type OriginalKind = (typeof ORIGINAL_KINDS)[number];

export type OriginalParams = { limbo: LimboParams; plinko: PlinkoParams; keno: KenoParams };

type OriginalRules<P> = {
  /** The round's outcome (stored and shown as it is) with its payout multiplier in 1/10,000ths. */
  outcome(
    serverSeed: string,
    clientSeed: string,
    nonce: number,
    params: P,
    rtpBps: number,
  ): { multiplierBp: number } & Record<string, unknown>;
  /** The largest multiplier the bet can pay: stake × it must stay within the payout limit. */
  maxMultiplierBp(params: P, rtpBps: number): number;
};

export const ORIGINAL_RULES: { [K in OriginalKind]: OriginalRules<OriginalParams[K]> } = {
  limbo: { outcome: limboOutcome, maxMultiplierBp: limboMaxMultiplierBp },
  plinko: { outcome: plinkoOutcome, maxMultiplierBp: plinkoMaxMultiplierBp },
  keno: { outcome: kenoOutcome, maxMultiplierBp: kenoMaxMultiplierBp },
};

export function isOriginalKind(game: string): game is OriginalKind {
  return (ORIGINAL_KINDS as readonly string[]).includes(game);
}
