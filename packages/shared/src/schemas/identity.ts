import { z } from 'zod';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';

/**
 * The barred-persons list of Law 14.790/2023 art. 26 under the `BR` profile (docs/compliance.md,
 * "Barred persons"): why the regulator bars a CPF, each hit a check found, and the sandbox
 * provider's list the back office keeps (/ops/compliance/...).
 */

/** Why a CPF may not bet: a minor, self-excluded, a court order, a role (public official, athlete, referee…), a social-benefit recipient. */
export const BARRED_REASONS = ['minor', 'self_excluded', 'court_order', 'role', 'social_benefit'] as const;
export type BarredReason = (typeof BARRED_REASONS)[number];

/** Which check found the CPF: at sign-up, at the first login of an operator day, the 15-day sweep of the whole base. */
export const BARRED_CHECKS = ['signup', 'login', 'sweep'] as const;
export type BarredCheck = (typeof BARRED_CHECKS)[number];

/** A sign-up hit is 'refused' (no account was made); a member's hit is 'open' until an operator records how the balance was settled. */
export const BARRED_HIT_STATUSES = ['refused', 'open', 'settled'] as const;
export type BarredHitStatus = (typeof BARRED_HIT_STATUSES)[number];

const id = z.string().regex(/^\d{1,18}$/, 'an id');
const cpfInput = z.string().trim().min(11).max(14);

/** GET /ops/compliance/barred-hits: newest first, filtered by check and status. */
export const barredHitsQuerySchema = opsListQuerySchema(['id'] as const).extend({
  check: z.enum(BARRED_CHECKS).optional(),
  status: z.enum(BARRED_HIT_STATUSES).optional(),
});
export type BarredHitsQuery = z.input<typeof barredHitsQuerySchema>;

/** One hit as the back office shows it: the CPF masked, the member's main-wallet balance when the hit names one. */
export const barredHitSchema = z.object({
  id,
  memberId: id.nullable(),
  account: z.string().nullable(),
  cpfMasked: z.string(),
  reason: z.enum(BARRED_REASONS),
  check: z.enum(BARRED_CHECKS),
  checkDay: z.string(),
  checkedAt: z.string(),
  status: z.enum(BARRED_HIT_STATUSES),
  /** Minor units, exact; null for a sign-up hit. */
  balanceMinor: z.string().nullable(),
  settledAt: z.string().nullable(),
  settledBy: z.string().nullable(),
  settlementNote: z.string().nullable(),
});
export type BarredHit = z.infer<typeof barredHitSchema>;
export const barredHitPageSchema = opsPageSchema(barredHitSchema);

export const barredHitParamsSchema = z.object({ id });

/** POST /ops/compliance/barred-hits/:id/settle: how the balance was settled (the adjustment or withdrawal it went through). */
export const settleBarredHitBodySchema = z.object({ note: opsReasonSchema });

/** GET /ops/compliance/barred-list: the sandbox provider's listed CPFs (masked). */
export const barredListEntrySchema = z.object({
  /** The entry's id, for its removal: the whole CPF never travels back. */
  id,
  cpfMasked: z.string(),
  reason: z.enum(BARRED_REASONS),
  note: z.string().nullable(),
  addedAt: z.string(),
});
export type BarredListEntry = z.infer<typeof barredListEntrySchema>;
export const barredListSchema = z.object({ list: z.array(barredListEntrySchema), sandbox: z.boolean() });

/** POST /ops/compliance/barred-list: list a CPF in the sandbox. */
export const addBarredCpfBodySchema = z.object({
  cpf: cpfInput,
  reason: z.enum(BARRED_REASONS),
  note: opsReasonSchema,
});
export type AddBarredCpfBody = z.input<typeof addBarredCpfBodySchema>;

/** POST /ops/compliance/barred-list/:id/remove: take a CPF off the sandbox list. */
export const barredListEntryParamsSchema = z.object({ id });
export const removeBarredCpfBodySchema = z.object({ note: opsReasonSchema });
