import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import { hiloMaxMultiplierBp } from '@wps/shared/originals/hilo';
import { minesMaxMultiplierBp, type MinesParams } from '@wps/shared/originals/mines';
import { ORIGINAL_RULES, isOriginalKind } from '@wps/shared/originals/originals';
import { maxStakeForPayout, payoutAt } from '@wps/shared/originals/originals-common';
import { diceOutcome, dicePayout, slotOutcome, slotPayout, type DiceDirection } from '@wps/shared/provably-fair';
import type { InhouseGameKind } from '@wps/shared/schemas/inhouse';
import { AppError } from '../../http/app-error';
import type { PlayableGame } from './inhouse-settings';

/** A round's choices as the route checked them: {} for the slot, the dice's target, an original's own. */
export type RoundParams = Record<string, unknown>;

type Seeds = { serverSeed: string; clientSeed: string; nonce: number };

/**
 * A round's outcome (stored and shown as it is) and its payout, for any in-house game, from its
 * seeds, the player's choices and the RTP it is placed at (used by the originals only).
 */
export function decideRound(
  game: InhouseGameKind,
  { serverSeed, clientSeed, nonce }: Seeds,
  params: RoundParams,
  rtpBps: number,
  stakeMinor: bigint,
): { outcome: Record<string, unknown>; payout: bigint } {
  if (game === 'slot') {
    const o = slotOutcome(serverSeed, clientSeed, nonce);
    return { outcome: o as unknown as Record<string, unknown>, payout: slotPayout(stakeMinor, o) };
  }
  if (game === 'dice') {
    const o = diceOutcome(serverSeed, clientSeed, nonce, Number(params.target), params.direction as DiceDirection);
    return { outcome: o as unknown as Record<string, unknown>, payout: dicePayout(stakeMinor, o) };
  }
  // Mines and hi-lo are played step by step (inhouse-steps.ts), crash in shared rounds (crash/).
  if (!isOriginalKind(game)) throw new Error(`inhouse: ${game} is not a one-shot game`);
  // The route checked the params against this game's schema.
  const o = ORIGINAL_RULES[game].outcome(serverSeed, clientSeed, nonce, params as never, rtpBps);
  return { outcome: o, payout: payoutAt(stakeMinor, o.multiplierBp) };
}

/** The largest multiplier (1/10,000ths) a bet of an original can pay; null for the slot and the dice. */
export function maxMultiplierBp(game: InhouseGameKind, params: RoundParams, rtpBps: number): number | null {
  // A multi-step round's largest multiplier is its last step's: every safe tile, or the hi-lo cap.
  if (game === 'mines') return minesMaxMultiplierBp(params as unknown as MinesParams, rtpBps);
  if (game === 'hilo') return hiloMaxMultiplierBp();
  if (!isOriginalKind(game)) return null;
  // The route checked the params against this game's schema.
  return ORIGINAL_RULES[game].maxMultiplierBp(params as never, rtpBps);
}

/**
 * JSON with object keys sorted: a round's params come back from jsonb with their keys reordered
 * (shorter first), so a replay's choices are compared in this form.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Refuse (STAKE_INVALID, with the limits) a stake below the minimum, above the maximum or not a
 * whole step; for an original also one whose payout at `topMultiplierBp`, the largest its choices
 * can pay, would pass the game's maximum payout.
 */
export function assertStakeAllowed(
  stakeMinor: bigint,
  { rules, maxPayoutMinor }: Pick<PlayableGame, 'rules' | 'maxPayoutMinor'>,
  topMultiplierBp: number | null,
  scale: number,
): void {
  const capped =
    maxPayoutMinor !== null && topMultiplierBp !== null ? maxStakeForPayout(maxPayoutMinor, topMultiplierBp) : null;
  const maxStake = capped !== null && capped < rules.max ? capped : rules.max;
  if (stakeMinor >= rules.min && stakeMinor <= maxStake && stakeMinor % rules.step === 0n) return;
  throw new AppError(
    ErrorCode.STAKE_INVALID,
    maxStake < rules.max && stakeMinor > maxStake
      ? 'The stake could win more than the maximum payout'
      : 'The stake is below the minimum, above the maximum or not a whole step',
    {
      minStake: formatMinor(rules.min, scale),
      minStakeMinor: rules.min.toString(),
      maxStakeMinor: maxStake.toString(),
      stakeStepMinor: rules.step.toString(),
      ...(maxPayoutMinor !== null ? { maxPayoutMinor: maxPayoutMinor.toString() } : {}),
    },
  );
}
