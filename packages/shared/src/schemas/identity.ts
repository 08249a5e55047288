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

/** How a barred member was contacted about a hit: the site's own inbox notice, or what an operator recorded. */
export const BARRED_CONTACT_CHANNELS = ['inbox', 'email', 'sms', 'phone', 'other'] as const;
export type BarredContactChannel = (typeof BARRED_CONTACT_CHANNELS)[number];

const id = z.string().regex(/^\d{1,18}$/, 'an id');
const cpfInput = z.string().trim().min(11).max(14);

/** GET /ops/compliance/barred-hits: newest first, filtered by check and status. */
export const barredHitsQuerySchema = opsListQuerySchema(['id'] as const).extend({
  check: z.enum(BARRED_CHECKS).optional(),
  status: z.enum(BARRED_HIT_STATUSES).optional(),
});
export type BarredHitsQuery = z.input<typeof barredHitsQuerySchema>;

/** One contact made with a barred member about a hit (Instrução Normativa SPA/MF 31/2025: kept with date, time, channel and content). */
export const barredContactSchema = z.object({
  id,
  channel: z.enum(BARRED_CONTACT_CHANNELS),
  content: z.string(),
  contactedAt: z.string(),
  /** The operator who recorded it; null for the site's own notice. */
  recordedBy: z.string().nullable(),
});
export type BarredContact = z.infer<typeof barredContactSchema>;

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
  /** The member's withdrawal window ends (on the hit that opened it; null on a later hit of the same episode, or a sign-up hit). */
  withdrawUntil: z.string().nullable(),
  /** By when what is left must be paid back to the member. */
  refundDueAt: z.string().nullable(),
  /** Every contact made about this hit, oldest first. */
  contacts: z.array(barredContactSchema),
  /** The withdrawal refunding the member's balance by PIX to a key of their own (migration 0630), its id for the withdrawal queue. */
  refundWithdrawalId: z.string().nullable(),
});
export type BarredHit = z.infer<typeof barredHitSchema>;
export const barredHitPageSchema = opsPageSchema(barredHitSchema);

export const barredHitParamsSchema = z.object({ id });

/** POST /ops/compliance/barred-hits/:id/settle: the settlement's note (the refund's payment, or why nothing was owed); refused while the refund is unpaid. */
export const settleBarredHitBodySchema = z.object({ note: opsReasonSchema });

/** POST /ops/compliance/barred-hits/:id/refund: pay the balance back by PIX to one of the member's bound keys (the first when absent). */
export const refundBarredHitBodySchema = z.object({ bankAccountId: z.string().trim().min(1).max(64).optional() });
export type RefundBarredHitBody = z.input<typeof refundBarredHitBodySchema>;

/** Why a barred member's balance cannot be refunded as a withdrawal (`BARRED_REFUND_NOT_PAYABLE`, `value.reason`). */
export const BARRED_REFUND_REFUSALS = [
  'nothing_to_refund',
  'no_pix_key',
  'below_minimum',
  'above_maximum',
  'identity_unverified',
] as const;

/** The refund an operator opened: the withdrawal (origin barred_refund) that waits in the withdrawal queue. */
export const barredRefundSchema = z.object({
  hitId: id,
  memberId: id,
  withdrawalId: id,
  amountMinor: z.string(),
  currency: z.string(),
  status: z.string(),
});
export type BarredRefund = z.infer<typeof barredRefundSchema>;

/** POST /ops/compliance/barred-hits/:id/contacts: a contact an operator made with the member (an e-mail, an SMS, a call). */
export const recordBarredContactBodySchema = z.object({
  channel: z.enum(['email', 'sms', 'phone', 'other']),
  content: z.string().trim().min(1).max(1000),
  /** When it was made; now when absent. */
  contactedAt: z.iso.datetime({ offset: true }).optional(),
});
export type RecordBarredContactBody = z.input<typeof recordBarredContactBodySchema>;

/**
 * POST /wps/member/identity: an account from before the operator switched to a licence that
 * identifies players gives its CPF and date of birth (the same checks as a registration's).
 */
export const supplyIdentityBodySchema = z.object({
  cpf: z.string().trim().max(14),
  birthDate: z.string().trim().max(10),
});
export type SupplyIdentityBody = z.input<typeof supplyIdentityBodySchema>;

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

/**
 * GET /wps/member/contact-confirmation: whether the account still has to confirm an e-mail or a
 * mobile number by a code before it deposits, plays or withdraws (the licence's contactConfirmation).
 */
export const contactConfirmationSchema = z.object({ pending: z.boolean() });
export type ContactConfirmation = z.infer<typeof contactConfirmationSchema>;
