import { z } from 'zod';
import { opsListQuerySchema, opsPageSchema } from './ops-list';

/**
 * Identity checks (KYC; docs/compliance.md, "KYC"). A check runs at a provider (document, selfie,
 * liveness) and ends passed, failed, or in review for an operator.
 */
export const KYC_CHECK_STATUSES = ['pending', 'review', 'passed', 'failed'] as const;
export const kycCheckStatusSchema = z.enum(KYC_CHECK_STATUSES);
export type KycCheckStatus = z.infer<typeof kycCheckStatusSchema>;

/** Where a player stands: never checked, a check under way or in review, verified, or the last check failed. */
export const kycLevelSchema = z.enum(['unverified', 'pending', 'review', 'verified', 'failed']);
export type KycLevel = z.infer<typeof kycLevelSchema>;

/** Our own relative paths only: a provider never sends a browser off-site from here. */
const returnPathSchema = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[\w\-./?=&%]*$/);

/**
 * Before the identity check has passed, deposits stop at the operator's cumulative cap (credited
 * orders plus pending ones still payable). Major-unit decimal strings in the operator's currency.
 */
export const kycDepositCapSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  cap: z.string(),
  capMinor: z.string(),
  used: z.string(),
  usedMinor: z.string(),
  remaining: z.string(),
  remainingMinor: z.string(),
});
export type KycDepositCap = z.infer<typeof kycDepositCapSchema>;

/** A facial re-verification found due at login: what stands and where to go on with it. */
export const kycReverificationSchema = z.object({
  /** When the login found it due (ISO). */
  dueSince: z.string(),
  /** The last re-verification check opened for it, if any. */
  status: kycCheckStatusSchema.nullable(),
  reason: z.string().nullable(),
  continueUrl: z.string().nullable(),
});
export type KycReverification = z.infer<typeof kycReverificationSchema>;

/** GET /wps/kyc/status */
export const kycStatusSchema = z.object({
  level: kycLevelSchema,
  /** Whether the operator's licence asks for it (withdrawals wait for it). */
  required: z.boolean(),
  /** The name read from the document (the payee name of withdrawals). */
  fullName: z.string().nullable(),
  /** Why the last check failed or went to review. */
  reason: z.string().nullable(),
  /** Where to go on with a check under way. */
  continueUrl: z.string().nullable(),
  /** When the last decision was made (ISO). */
  decidedAt: z.string().nullable(),
  /** The room left under the unverified deposit cap; null when none applies (verified, or not asked for). */
  depositCap: kycDepositCapSchema.nullable(),
  /** Null unless a facial re-verification is due: play, deposits and withdrawals wait for it. */
  reverification: kycReverificationSchema.nullable(),
});
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** POST /wps/kyc/checks */
export const kycStartBodySchema = z.object({ returnUrl: returnPathSchema.optional() }).strict();
export const kycStartResultSchema = z.object({ checkId: z.string(), url: z.string(), status: kycCheckStatusSchema });
export type KycStartResult = z.infer<typeof kycStartResultSchema>;

/** GET /ops/kyc/checks: newest first, by status. */
export const opsKycListQuerySchema = opsListQuerySchema(['created'] as const).extend({
  status: kycCheckStatusSchema.optional(),
});
export type OpsKycListQuery = z.infer<typeof opsKycListQuerySchema>;
export const opsKycCheckSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  provider: z.string(),
  purpose: z.enum(['onboarding', 'reverification']),
  status: kycCheckStatusSchema,
  fullName: z.string().nullable(),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * A pass the licence in force does not count: it identifies players, and this check was never
   * compared with the registered CPF and date of birth (it passed before the switch).
   */
  notBoundToCpf: z.boolean(),
});
export type OpsKycCheck = z.infer<typeof opsKycCheckSchema>;
export const opsKycPageSchema = opsPageSchema(opsKycCheckSchema);
export type OpsKycPage = z.infer<typeof opsKycPageSchema>;

/** GET and PUT /ops/kyc/settings: the operator's identity tiers and re-verification schedule. */
export const KYC_REVERIFY_MAX_DAYS = 3650;
export const kycSettingsSchema = z.object({
  /** What an unverified player may deposit in all (credited plus pending), in major units. */
  unverifiedDepositCap: z.string(),
  currency: z.string(),
  scale: z.number().int(),
  /** Days between facial checks asked at login; 0 turns re-verification off. */
  reverifyDays: z.number().int(),
});
export type KycSettings = z.infer<typeof kycSettingsSchema>;
export const kycSettingsBodySchema = z
  .object({
    unverifiedDepositCap: z
      .string()
      .trim()
      .regex(/^\d{1,15}(\.\d{1,8})?$/, 'decimal amount'),
    reverifyDays: z.number().int().min(0).max(KYC_REVERIFY_MAX_DAYS),
    reason: z.string().trim().min(3).max(500),
  })
  .strict();
export type KycSettingsBody = z.infer<typeof kycSettingsBodySchema>;

/** POST /ops/kyc/checks/:id/decision */
export const opsKycDecisionSchema = z
  .object({ decision: z.enum(['passed', 'failed']), reason: z.string().trim().min(3).max(500) })
  .strict();

/**
 * Why a check the provider passed was decided failed under a licence that identifies players
 * (docs/compliance.md, "KYC": the check is bound to the registered CPF and date of birth). Kept as
 * the check's `reason`; the player site shows each in the player's language.
 * - `identity_mismatch`: the document's CPF or date of birth is not the one the account registered.
 * - `identity_missing`: the provider read no CPF or date of birth from the document, or the account
 *   has none registered, so the check cannot be bound to the player.
 * - `identity_unbound`: the player's status only: the check passed before the operator's licence
 *   identified players, so it was never compared with the CPF and a new check is asked for.
 */
export const KYC_IDENTITY_REASONS = ['identity_mismatch', 'identity_missing', 'identity_unbound'] as const;
export type KycIdentityReason = (typeof KYC_IDENTITY_REASONS)[number];
export function isKycIdentityReason(reason: string | null): reason is KycIdentityReason {
  return (KYC_IDENTITY_REASONS as readonly (string | null)[]).includes(reason);
}

/** The sandbox provider's signed result callback (POST /wps/kyc/webhook/sandbox). */
export const sandboxKycResultSchema = z.object({
  ref: z.string().regex(/^kyc_[a-f0-9]{24}$/),
  outcome: z.enum(['passed', 'failed', 'review']),
  fullName: z.string().min(1).max(200).nullable(),
  /** The CPF (11 digits) and the date of birth (YYYY-MM-DD) read from the document; none for a face check. */
  cpf: z
    .string()
    .regex(/^\d{11}$/)
    .nullable()
    .default(null),
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null),
  reason: z.string().max(500).nullable(),
  steps: z.object({ document: z.boolean(), selfie: z.boolean(), liveness: z.boolean() }),
  timestamp: z.number().int(),
});
export type SandboxKycResult = z.infer<typeof sandboxKycResultSchema>;
