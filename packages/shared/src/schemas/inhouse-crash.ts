import { z } from 'zod';
import { CRASH_TARGET } from '../originals/crash';
import { inhouseAuthSchema } from './inhouse';
import { idempotencyKeySchema } from './withdrawal';

// Crash's calls: a bet during the betting window (with an optional automatic cash-out), a cash-out
// during the flight, the player's own bets, and the public state every page shows (the round, the
// live bets, the recent crash points with their hashes and the chain's commitment).

/** POST /wps/inhouse/crash/bet */
export const crashBetBodySchema = inhouseAuthSchema.extend({
  stakeMinor: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,17}$/, 'minor amount'),
  idempotencyKey: idempotencyKeySchema,
  /** Cash out automatically at this multiplier (hundredths, 2.00× = 200); left out: by hand only. */
  autoCashoutHundredths: z.coerce.number().int().min(CRASH_TARGET.min).max(CRASH_TARGET.max).optional(),
});
export type CrashBetBody = z.input<typeof crashBetBodySchema>;

export const CRASH_PHASES = ['betting', 'flying', 'busted'] as const;
export type CrashPhase = (typeof CRASH_PHASES)[number];
/** A bet as others see it: flying, cashed out or lost (a bet still being debited or refused is not shown). */
export const CRASH_BET_STATUSES = ['flying', 'cashed', 'lost'] as const;
/** The player's own bet also shows the step before: being debited, or refused by the wallet. */
export const CRASH_OWN_BET_STATUSES = ['placing', 'refused', ...CRASH_BET_STATUSES] as const;

/** One bet as every player sees it in the live list (no player id: the nickname only). */
export const crashPublicBetSchema = z.object({
  /** The bet's place in the round (increasing with the order bets were taken): the live stream's deltas name a bet by it. */
  key: z.string(),
  nickname: z.string(),
  stakeMinor: z.string(),
  status: z.enum(CRASH_BET_STATUSES),
  /** Set once cashed out: the multiplier in hundredths and the payout. */
  cashoutHundredths: z.number().int().nullable(),
  payoutMinor: z.string(),
});
export type CrashPublicBet = z.infer<typeof crashPublicBetSchema>;

/** A finished round as the history and the fairness panel show it. */
export const crashBustSchema = z.object({
  roundNumber: z.number().int(),
  crashHundredths: z.number().int(),
  /** The round's hash in the chain, revealed at the bust: SHA-256 of it is the previous round's hash. */
  hash: z.string(),
  rtpBps: z.number().int(),
  bustedAt: z.string(),
});
export type CrashBust = z.infer<typeof crashBustSchema>;

/** GET /wps/inhouse/crash/state and each `state` event of the live stream. */
export const crashStateSchema = z.object({
  serverTime: z.string(),
  /** The chain's commitment: the hash after its first round's, and the salt every crash point is mixed with. */
  chain: z.object({ terminalHash: z.string(), salt: z.string(), length: z.number().int() }).nullable(),
  round: z
    .object({
      roundNumber: z.number().int(),
      phase: z.enum(CRASH_PHASES),
      rtpBps: z.number().int(),
      bettingEndsAt: z.string(),
      /** When the flight began (null while betting); pages draw m(t) from it and the server's time. */
      startedAt: z.string().nullable(),
      growthPerMs: z.number(),
      /** Only once busted. */
      crashHundredths: z.number().int().nullable(),
      hash: z.string().nullable(),
      bets: z.array(crashPublicBetSchema),
      totalStakeMinor: z.string(),
    })
    .nullable(),
  recent: z.array(crashBustSchema),
});
export type CrashState = z.infer<typeof crashStateSchema>;

/** The player's own bet, as the bet and cash-out calls answer and the history lists it. */
export const crashOwnBetSchema = z.object({
  betId: z.string(),
  roundNumber: z.number().int(),
  stakeMinor: z.string(),
  autoCashoutHundredths: z.number().int().nullable(),
  status: z.enum(CRASH_OWN_BET_STATUSES),
  cashoutHundredths: z.number().int().nullable(),
  payoutMinor: z.string(),
  /** The round's crash point once it busted, else null. */
  crashHundredths: z.number().int().nullable(),
  createdAt: z.string(),
});
export type CrashOwnBet = z.infer<typeof crashOwnBetSchema>;

/** POST /wps/inhouse/crash/bet and /cashout: the bet and the player's balance after it. */
export const crashBetResultSchema = z.object({
  bet: crashOwnBetSchema,
  balanceMinor: z.string(),
  replayed: z.boolean(),
});
export type CrashBetResult = z.infer<typeof crashBetResultSchema>;

/** POST /wps/inhouse/crash/history */
export const crashHistorySchema = z.object({ bets: z.array(crashOwnBetSchema) });
export type CrashHistory = z.infer<typeof crashHistorySchema>;

/** GET /ops/inhouse-games/crash/monitor (games.read): the open round's players and stake at risk, the house's result per recent round. */
export const crashMonitorSchema = z.object({
  round: z
    .object({
      roundNumber: z.number().int(),
      phase: z.enum(CRASH_PHASES),
      players: z.number().int(),
      atRiskMinor: z.string(),
    })
    .nullable(),
  rounds: z.array(
    z.object({
      roundNumber: z.number().int(),
      crashHundredths: z.number().int(),
      players: z.number().int(),
      stakeMinor: z.string(),
      payoutMinor: z.string(),
      /** Stakes less payouts: the house's result of the round (negative: the players won). */
      houseResultMinor: z.string(),
    }),
  ),
});
export type CrashMonitor = z.infer<typeof crashMonitorSchema>;
