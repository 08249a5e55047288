import { z } from 'zod';
import { minorUnitsText } from './common';
import { MONEY_WAIT_REASONS } from './operator-money';
import { opsReasonSchema } from './ops-list';
import { playerStatusSchema } from './players';

/**
 * What an operator changes on a player from the back office, each with a reason for the audit
 * log, and manual balance adjustments (four eyes above the operator's threshold).
 */

const reason = opsReasonSchema;
const minorUnits = minorUnitsText(18, { message: 'non-negative integer minor units' });

/** PUT /ops/players/:memberId/status: a disabled player's sessions end and logins are refused. */
export const playerStatusBodySchema = z.object({ status: playerStatusSchema, reason });
export type PlayerStatusBody = z.infer<typeof playerStatusBodySchema>;

/** POST /ops/players/:memberId/payment-password-reset: the player sets a new one in the security centre. */
export const playerReasonBodySchema = z.object({ reason });
export type PlayerReasonBody = z.infer<typeof playerReasonBodySchema>;

/**
 * PUT /ops/players/:memberId/payee-name. The server checks the name against the operator's
 * payeeName rule (its validation pattern and lengths), as when the player binds it.
 */
export const playerPayeeNameBodySchema = z.object({
  payeeName: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .transform((v) => v.replace(/\s+/g, ' ')),
  reason,
});
export type PlayerPayeeNameBody = z.input<typeof playerPayeeNameBodySchema>;

/** POST /ops/players/:memberId/messages: a notice from the operator (kind operator_message). */
export const playerMessageBodySchema = z.object({
  title: z.string().trim().min(1).max(100),
  body: z.string().trim().min(1).max(200),
});
export type PlayerMessageBody = z.infer<typeof playerMessageBodySchema>;

export const playerSessionParamsSchema = z.object({
  memberId: z.string().regex(/^\d{1,18}$/),
  sessionId: z.string().regex(/^\d{1,18}$/),
});

export const revokedSessionsSchema = z.object({ revoked: z.number().int() });

/** Why money is adjusted by hand; each is its own line in the reports. */
export const ADJUSTMENT_KINDS = ['bonus', 'correction', 'goodwill', 'chargeback'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export const ADJUSTMENT_STATUSES = ['pending', 'posted', 'rejected'] as const;

/** POST /ops/players/:memberId/adjustments. `idempotencyKey` makes a repeated request return the first. */
export const adjustmentRequestBodySchema = z.object({
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  kind: z.enum(ADJUSTMENT_KINDS),
  amountMinor: minorUnits.refine((v) => BigInt(v) > 0n, { message: 'more than zero' }),
  reason,
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type AdjustmentRequestBody = z.infer<typeof adjustmentRequestBodySchema>;

export const adjustmentSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  kind: z.enum(ADJUSTMENT_KINDS),
  amountMinor: z.string(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  thresholdMinor: z.string(),
  /** Which thresholds of the operator money policy it passed when asked; empty when it posted at once. */
  waitReasons: z.array(z.enum(MONEY_WAIT_REASONS)),
  /** Operator ids, with their usernames for display. */
  requestedBy: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  ledgerTransactionId: z.string().nullable(),
  /** The player's main-wallet balance right after the post; null until posted. */
  balanceAfterMinor: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** GET /ops/adjustments: newest first, keyset-paged. */
export const adjustmentsQuerySchema = z.object({
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
  memberId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const adjustmentsPageSchema = z.object({ list: z.array(adjustmentSchema), nextCursor: z.string().nullable() });

export const adjustmentParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
/** POST /ops/adjustments/:id/approve and /reject: the decision's reason goes to the audit log. */
export const adjustmentApproveBodySchema = z.object({ reason });
export const adjustmentRejectBodySchema = z.object({ reason });

/**
 * GET /ops/adjustment-settings: adjustments above the operator money policy's amount of one
 * request wait for a second operator (changed on the settings screen, /ops/operator-money/limits).
 */
export const adjustmentSettingsSchema = z.object({ approvalThresholdMinor: minorUnits });
export type AdjustmentSettings = z.infer<typeof adjustmentSettingsSchema>;
