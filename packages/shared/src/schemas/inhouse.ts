import { z } from 'zod';
import { DICE_CONFIG, DICE_OUTCOMES } from '../provably-fair';
import { idempotencyKeySchema } from './withdrawal';

/** The in-house vendor's code in the catalogue. */
export const INHOUSE_VASSALAGE = 'inhouse';

/** In-house games by catalogue nodeId: the slot, the dice and the house originals (limbo, plinko, keno, mines, hi-lo, crash). */
export const INHOUSE_GAMES = {
  'inhouse-slot': 'slot',
  'inhouse-dice': 'dice',
  'inhouse-limbo': 'limbo',
  'inhouse-plinko': 'plinko',
  'inhouse-keno': 'keno',
  'inhouse-mines': 'mines',
  'inhouse-hilo': 'hilo',
  'inhouse-crash': 'crash',
} as const;
export type InhouseNodeId = keyof typeof INHOUSE_GAMES;
export type InhouseGameKind = (typeof INHOUSE_GAMES)[InhouseNodeId];

/** The largest stake of one round, in minor units (the smallest is the game's catalogue minBet). */
export const INHOUSE_MAX_STAKE_MINOR = 1_000_000n;

const hexToken = z.string().regex(/^[a-f0-9]{64}$/, 'token');
const playerId = z.string().regex(/^[1-9]\d{0,17}$/, 'player id');
/** Integer minor units as a string: money never travels as a JSON number. */
const minorAmount = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,17}$/, 'minor amount');

/** Client seeds: printable ASCII without spaces, so they read the same in every tool. */
export const clientSeedSchema = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,64}$/, 'client seed');

/** POST /wps/inhouse/session: exchange the launch token from the game URL (once) for a game session. */
export const inhouseSessionBodySchema = z.object({ launchToken: hexToken });

/** Every other in-house call carries the game session. */
export const inhouseAuthSchema = z.object({ sessionToken: hexToken, playerId });

export const inhouseClientSeedBodySchema = inhouseAuthSchema.extend({ clientSeed: clientSeedSchema });

export const slotSpinBodySchema = inhouseAuthSchema.extend({
  stakeMinor: minorAmount,
  idempotencyKey: idempotencyKeySchema,
});

export const diceRollBodySchema = inhouseAuthSchema
  .extend({
    stakeMinor: minorAmount,
    idempotencyKey: idempotencyKeySchema,
    /** 0…9999 (two implied decimals: 4950 = 49.50). */
    target: z.coerce
      .number()
      .int()
      .min(0)
      .max(DICE_OUTCOMES - 1),
    direction: z.enum(['under', 'over']),
  })
  .refine(
    (b) => {
      const chance = b.direction === 'under' ? b.target : DICE_OUTCOMES - 1 - b.target;
      return chance >= DICE_CONFIG.minChance && chance <= DICE_CONFIG.maxChance;
    },
    { message: 'win chance out of range', path: ['target'] },
  );

export type InhouseSessionBody = z.input<typeof inhouseSessionBodySchema>;
export type InhouseAuth = z.input<typeof inhouseAuthSchema>;
export type SlotSpinBody = z.input<typeof slotSpinBodySchema>;
export type DiceRollBody = z.input<typeof diceRollBodySchema>;

/** The game session the page keeps. */
export type InhouseSession = {
  sessionToken: string;
  playerId: string;
  nickname: string;
  nodeId: string;
  game: InhouseGameKind;
  gameName: string;
  currency: string;
  scale: number;
  balance: string;
  balanceMinor: string;
  minStakeMinor: string;
  maxStakeMinor: string;
  /** Stakes are whole multiples of this (the slot splits a stake evenly over its 10 lines). */
  stakeStepMinor: string;
  /** The RTP in basis points a round placed now plays at (an original's is the operator's setting). */
  rtpBps: number;
  /** An original's maximum payout per round in minor units; null for the slot and the dice. */
  maxPayoutMinor: string | null;
  expiresAt: string;
};

/** A seed that has been rotated out: the player can now check every round played under it. */
export type RevealedSeed = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  lastNonce: number | null;
  revealedAt: string;
};

/**
 * What a round needs to be verified; `serverSeed` is null until its seed is rotated out. `rtpBps`
 * is the RTP the round was placed at (the originals' multipliers depend on it).
 */
export type RoundFairness = {
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  rtpBps: number | null;
};

export type InhouseRoundSummary = RoundFairness & {
  roundId: string;
  game: InhouseGameKind;
  stake: string;
  stakeMinor: string;
  payout: string;
  payoutMinor: string;
  status: 'pending' | 'open' | 'settled' | 'refused';
  outcome: Record<string, unknown>;
  params: Record<string, unknown>;
  createdAt: string;
};

/** POST /wps/inhouse/fair: the active commitment, the last revealed seed, and recent rounds. */
export type FairState = {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  previous: RevealedSeed | null;
  rounds: InhouseRoundSummary[];
};

export type RotateSeedResult = { revealed: RevealedSeed; current: FairState };

/** One played round as the game page shows it. */
export type InhouseRoundResult = RoundFairness & {
  roundId: string;
  game: InhouseGameKind;
  stake: string;
  stakeMinor: string;
  payout: string;
  payoutMinor: string;
  currency: string;
  balance: string;
  balanceMinor: string;
  outcome: Record<string, unknown>;
  /** True when this answer repeats an earlier request with the same idempotency key. */
  replayed: boolean;
};

/** Response value schemas of the in-house games' calls (they mirror the types above; money as strings). */
const inhouseGameKindSchema = z.enum(Object.values(INHOUSE_GAMES) as [InhouseGameKind, ...InhouseGameKind[]]);

/** POST /wps/inhouse/session */
export const inhouseSessionSchema = z.object({
  sessionToken: z.string(),
  playerId: z.string(),
  nickname: z.string(),
  nodeId: z.string(),
  game: inhouseGameKindSchema,
  gameName: z.string(),
  currency: z.string(),
  scale: z.number().int(),
  balance: z.string(),
  balanceMinor: z.string(),
  minStakeMinor: z.string(),
  maxStakeMinor: z.string(),
  stakeStepMinor: z.string(),
  rtpBps: z.number().int(),
  maxPayoutMinor: z.string().nullable(),
  expiresAt: z.string(),
}) satisfies z.ZodType<InhouseSession>;

const revealedSeedSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  lastNonce: z.number().int().nullable(),
  revealedAt: z.string(),
}) satisfies z.ZodType<RevealedSeed>;

const roundFairnessShape = {
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  rtpBps: z.number().int().nullable(),
};

/** POST /wps/inhouse/fair and /wps/inhouse/fair/client-seed */
export const fairStateSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  previous: revealedSeedSchema.nullable(),
  rounds: z.array(
    z.object({
      ...roundFairnessShape,
      roundId: z.string(),
      game: inhouseGameKindSchema,
      stake: z.string(),
      stakeMinor: z.string(),
      payout: z.string(),
      payoutMinor: z.string(),
      status: z.enum(['pending', 'open', 'settled', 'refused']),
      outcome: z.record(z.string(), z.unknown()),
      params: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
}) satisfies z.ZodType<FairState>;

/** POST /wps/inhouse/fair/rotate */
export const rotateSeedResultSchema = z.object({
  revealed: revealedSeedSchema,
  current: fairStateSchema,
}) satisfies z.ZodType<RotateSeedResult>;

/** POST /wps/inhouse/slot/spin, /wps/inhouse/dice/roll and /wps/inhouse/<original>/play: the round as played (`outcome` depends on the game). */
export const inhouseRoundResultSchema = z.object({
  ...roundFairnessShape,
  roundId: z.string(),
  game: inhouseGameKindSchema,
  stake: z.string(),
  stakeMinor: z.string(),
  payout: z.string(),
  payoutMinor: z.string(),
  currency: z.string(),
  balance: z.string(),
  balanceMinor: z.string(),
  outcome: z.record(z.string(), z.unknown()),
  replayed: z.boolean(),
}) satisfies z.ZodType<InhouseRoundResult>;
