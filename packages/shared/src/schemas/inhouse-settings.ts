import { z } from 'zod';
import { ORIGINALS_RTP_BAND, isRtpInBand } from '../originals/originals-common';
import { isHouseOriginal } from './inhouse-steps';
import { DICE_CONFIG, DICE_OUTCOMES, SLOT_CONFIG } from '../provably-fair';
import { CATALOGUE_STATUSES } from './catalogue';
import { INHOUSE_GAMES, INHOUSE_MAX_STAKE_MINOR, type InhouseGameKind } from './inhouse';
import { opsReasonSchema } from './ops-list';
import { storedCertificateSchema } from './inhouse-certificates';

// The operator's settings of the in-house games (GET /ops/inhouse-games, PUT
// /ops/inhouse-games/:nodeId/settings) and the stake rules a round is checked against. The rules
// live here once: the server applies them to every round and to the limits it tells the player,
// the back office's form checks a new maximum with the same function before sending it.

/** A game's stakes: at least `min`, at most `max`, whole multiples of `step` (minor units). */
export type InhouseStakeRules = { min: bigint; max: bigint; step: bigint };

/** The slot splits a stake evenly over its paylines, so its stakes are whole multiples of their count. */
export function inhouseStakeStep(game: InhouseGameKind): bigint {
  return game === 'slot' ? BigInt(SLOT_CONFIG.lines.length) : 1n;
}

/**
 * The stake rules of a game: the minimum is the catalogue's minimum bet raised to a whole step;
 * the maximum is the operator's (`maxStakeMinor`, null: none set) or else the house limit
 * INHOUSE_MAX_STAKE_MINOR. A maximum left below a minimum raised later gives way to the minimum,
 * so the game stays playable at its minimum bet (docs/decisions.md).
 */
export function inhouseStakeRules(
  game: InhouseGameKind,
  minBetMinor: bigint,
  maxStakeMinor: bigint | null,
): InhouseStakeRules {
  const step = inhouseStakeStep(game);
  const min = minBetMinor <= step ? step : ((minBetMinor + step - 1n) / step) * step;
  const limit = maxStakeMinor ?? INHOUSE_MAX_STAKE_MINOR;
  return { min, max: limit < min ? min : limit, step };
}

export type MaxStakeProblem = 'belowMin' | 'aboveLimit' | 'notStep';

/** Why `max` cannot be a game's maximum stake under its minimum and step, or null when it can. */
export function findMaxStakeProblem(
  max: bigint,
  rules: Pick<InhouseStakeRules, 'min' | 'step'>,
): MaxStakeProblem | null {
  if (max > INHOUSE_MAX_STAKE_MINOR) return 'aboveLimit';
  if (max < rules.min) return 'belowMin';
  if (max % rules.step !== 0n) return 'notStep';
  return null;
}

/**
 * A game's return to player in basis points (9600 = 96 %), as the player's rules state it. The slot
 * and the dice have one paytable and one house edge (docs/decisions.md); an original plays at the
 * operator's setting (`rtpBpsSet`, null: none set) within ORIGINALS_RTP_BAND, else the band's default.
 */
export function inhouseRtpBps(game: InhouseGameKind, rtpBpsSet: number | null = null): number {
  if (game === 'slot') return Math.round(SLOT_CONFIG.targetRtp * 10_000);
  if (game === 'dice') return DICE_OUTCOMES - DICE_CONFIG.houseEdgeBp;
  return rtpBpsSet ?? ORIGINALS_RTP_BAND.defaultBps;
}

/** A game's return to player as a fraction (0.96 = 96 %); see inhouseRtpBps. */
export function inhouseRtp(game: InhouseGameKind, rtpBpsSet: number | null = null): number {
  return inhouseRtpBps(game, rtpBpsSet) / 10_000;
}

/**
 * The house limit of one round's payout, in minor units: an original refuses a stake whose largest
 * possible payout (stake × the top multiplier of its choices) is above the game's maximum payout,
 * the operator's (at most this) or else this.
 */
export const INHOUSE_MAX_PAYOUT_MINOR = 100_000_000n;

/**
 * PUT /ops/inhouse-games/:nodeId/settings: the game's maximum stake in minor units, with the
 * reason; for an original also its RTP (basis points, inside ORIGINALS_RTP_BAND) and its maximum
 * payout (minor units, at most INHOUSE_MAX_PAYOUT_MINOR). The slot and the dice refuse the last two.
 */
export const inhouseGameSettingsBodySchema = z.object({
  maxStakeMinor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'integer minor units')
    // zod runs this check after a failed regex too: BigInt() must only see digits.
    .refine((text) => !/^\d+$/.test(text) || BigInt(text) <= INHOUSE_MAX_STAKE_MINOR, 'above the house limit'),
  rtpBps: z.number().int().refine(isRtpInBand, 'outside the RTP band').optional(),
  maxPayoutMinor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'integer minor units')
    .refine((text) => !/^\d+$/.test(text) || BigInt(text) <= INHOUSE_MAX_PAYOUT_MINOR, 'above the house limit')
    .optional(),
  /** The percent of the game's stakes that counts towards bonus wagering; null: its category's share. Left out: unchanged. */
  wageringWeightPct: z.number().int().min(0).max(100).nullable().optional(),
  reason: opsReasonSchema,
});
export type InhouseGameSettingsBody = z.infer<typeof inhouseGameSettingsBodySchema>;

export const inhouseGameParamsSchema = z.object({
  nodeId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'nodeId'),
});

const inhouseGameKindSchema = z.enum(Object.values(INHOUSE_GAMES) as [InhouseGameKind, ...InhouseGameKind[]]);

/** GET /ops/inhouse-games: each in-house game with its RTP and the stake rules rounds are checked against. */
export const opsInhouseGameSchema = z.object({
  nodeId: z.string(),
  name: z.string(),
  game: inhouseGameKindSchema,
  status: z.enum(CATALOGUE_STATUSES),
  rtp: z.number(),
  minStakeMinor: z.string(),
  maxStakeMinor: z.string(),
  stakeStepMinor: z.string(),
  /** The operator's maximum as stored, or null (the house limit applies). */
  maxStakeSetMinor: z.string().nullable(),
  /** Whether this is a house original: its RTP and maximum payout are the operator's to set. */
  isOriginal: z.boolean(),
  /** The RTP in basis points rounds are placed at now; the operator's setting as stored (null: none). */
  rtpBps: z.number().int(),
  rtpBpsSet: z.number().int().nullable(),
  /** An original's maximum payout per round in force, and as stored (null: the house limit); null for the others. */
  maxPayoutMinor: z.string().nullable(),
  maxPayoutSetMinor: z.string().nullable(),
  /** The game's own bonus wagering weight (percent), or null: its category's share in the bonus settings. */
  wageringWeightPct: z.number().int().nullable(),
  /** Whether this game needs a lab certificate on record where the licence asks (inhouse-certificates.ts). */
  needsCertificate: z.boolean(),
  /** The lab certificate on record, or null. */
  certificate: storedCertificateSchema.nullable(),
  /** Whether the licence in force hides it from players (no certificate where one is asked). */
  hiddenByLicence: z.boolean(),
});
export type OpsInhouseGame = z.infer<typeof opsInhouseGameSchema>;

/** The answer to PUT /ops/inhouse-games/:nodeId/settings: the stored settings before and after. */
const storedSettingsSchema = z.object({
  maxStakeMinor: z.string().nullable(),
  rtpBps: z.number().int().nullable(),
  maxPayoutMinor: z.string().nullable(),
  wageringWeightPct: z.number().int().nullable(),
});
export type InhouseStoredSettings = z.infer<typeof storedSettingsSchema>;

export const inhouseGameSettingsChangeSchema = z.object({
  nodeId: z.string(),
  before: storedSettingsSchema,
  after: storedSettingsSchema,
});
export type InhouseGameSettingsChange = z.infer<typeof inhouseGameSettingsChangeSchema>;

/** Whether a game's RTP and maximum payout are the operator's to set (the house originals). */
export function hasOperatorRtp(game: InhouseGameKind): boolean {
  return isHouseOriginal(game);
}
