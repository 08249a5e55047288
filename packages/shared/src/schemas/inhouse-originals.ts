import { z } from 'zod';
import { KENO_NUMBERS, KENO_RISKS, isValidKenoPicks } from '../originals/keno';
import { LIMBO_TARGET } from '../originals/limbo';
import { PLINKO_RISKS, PLINKO_ROWS } from '../originals/plinko';
import { inhouseAuthSchema } from './inhouse';
import { idempotencyKeySchema } from './withdrawal';

// The play calls of the house originals: POST /wps/inhouse/<game>/play with the game session, the
// stake, an idempotency key and the game's own choices. The answer is the shared round result
// (inhouseRoundResultSchema) whose outcome is the game's (packages/shared/src/originals/).

const stakeShape = {
  stakeMinor: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,17}$/, 'minor amount'),
  idempotencyKey: idempotencyKeySchema,
};

export const limboPlayBodySchema = inhouseAuthSchema.extend({
  ...stakeShape,
  /** The target multiplier in hundredths (2.00× = 200). */
  targetHundredths: z.coerce.number().int().min(LIMBO_TARGET.min).max(LIMBO_TARGET.max),
});

export const plinkoPlayBodySchema = inhouseAuthSchema.extend({
  ...stakeShape,
  rows: z.coerce.number().int().min(PLINKO_ROWS.min).max(PLINKO_ROWS.max),
  risk: z.enum(PLINKO_RISKS),
});

export const kenoPlayBodySchema = inhouseAuthSchema.extend({
  ...stakeShape,
  picks: z
    .array(z.number().int().min(1).max(KENO_NUMBERS))
    .refine(isValidKenoPicks, { message: '1 to 10 different numbers' }),
  risk: z.enum(KENO_RISKS),
});

export type LimboPlayBody = z.input<typeof limboPlayBodySchema>;
export type PlinkoPlayBody = z.input<typeof plinkoPlayBodySchema>;
export type KenoPlayBody = z.input<typeof kenoPlayBodySchema>;
