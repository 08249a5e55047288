import { z } from 'zod';
import { HILO_PICKS } from '../originals/hilo';
import { MINES_COUNT, MINES_TILES } from '../originals/mines';
import { isOriginalKind } from '../originals/originals';
import { inhouseAuthSchema, inhouseRoundResultSchema, type InhouseRoundResult } from './inhouse';
import { idempotencyKeySchema } from './withdrawal';

// The calls of the multi-step house originals (mines, hi-lo): a round starts with its stake (the
// seamless bet is taken then), moves one step per call (a tile, a card call) and ends busted or
// cashed out (the seamless win). Every answer is the round as the player may see it: while it is
// open, a mines round hides its mines.

/** The multi-step originals. */
export const STEPPED_KINDS = ['mines', 'hilo'] as const;
export type SteppedKind = (typeof STEPPED_KINDS)[number];

export function isSteppedKind(game: string): game is SteppedKind {
  return (STEPPED_KINDS as readonly string[]).includes(game);
}

/** Whether a game is a house original: a one-shot one (limbo, plinko, keno), a multi-step one, or crash. */
export function isHouseOriginal(game: string): boolean {
  return isOriginalKind(game) || isSteppedKind(game) || game === 'crash';
}

const stakeShape = {
  stakeMinor: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,17}$/, 'minor amount'),
  idempotencyKey: idempotencyKeySchema,
};

const roundIdSchema = z.string().regex(/^ih-[0-9a-f]{24}$/, 'round id');

/** POST /wps/inhouse/mines/start */
export const minesStartBodySchema = inhouseAuthSchema.extend({
  ...stakeShape,
  mines: z.coerce.number().int().min(MINES_COUNT.min).max(MINES_COUNT.max),
});

/** POST /wps/inhouse/hilo/start */
export const hiloStartBodySchema = inhouseAuthSchema.extend(stakeShape);

/** POST /wps/inhouse/mines/reveal: a tile 0…24, row by row. */
export const minesRevealBodySchema = inhouseAuthSchema.extend({
  roundId: roundIdSchema,
  tile: z.coerce
    .number()
    .int()
    .min(0)
    .max(MINES_TILES - 1),
});

/** POST /wps/inhouse/hilo/pick */
export const hiloPickBodySchema = inhouseAuthSchema.extend({ roundId: roundIdSchema, pick: z.enum(HILO_PICKS) });

/** POST /wps/inhouse/mines/cashout and /wps/inhouse/hilo/cashout */
export const steppedCashOutBodySchema = inhouseAuthSchema.extend({ roundId: roundIdSchema });

export type MinesStartBody = z.input<typeof minesStartBodySchema>;
export type HiloStartBody = z.input<typeof hiloStartBodySchema>;
export type MinesRevealBody = z.input<typeof minesRevealBodySchema>;
export type HiloPickBody = z.input<typeof hiloPickBodySchema>;
export type SteppedCashOutBody = z.input<typeof steppedCashOutBodySchema>;

/**
 * A multi-step round as the page shows it: the shared round result (its payout 0 until it is
 * cashed out) with where it stands and its current multiplier (1/10,000ths).
 */
export type SteppedRound = InhouseRoundResult & { status: 'open' | 'settled'; multiplierBp: number };

export const steppedRoundSchema = inhouseRoundResultSchema.extend({
  status: z.enum(['open', 'settled']),
  multiplierBp: z.number().int(),
}) satisfies z.ZodType<SteppedRound>;

/** POST /wps/inhouse/round: the session's game's open round, to resume it, or null. */
export const openRoundSchema = z.object({ round: steppedRoundSchema.nullable() });
export type OpenRound = z.infer<typeof openRoundSchema>;
