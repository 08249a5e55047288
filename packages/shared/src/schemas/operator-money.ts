import { z } from 'zod';
import { minorUnitsText } from './common';
import { opsReasonSchema } from './ops-list';

/**
 * The operator money policy's thresholds (docs/decisions.md, "Operator money policy"): a payment
 * an operator decides posts at once only while it stays within the amount of one request and the
 * 24-hour totals of the player and of the asking operator; otherwise it waits for a second
 * operator. Lowering a threshold takes effect at once; raising one waits for a second operator.
 */

const minorUnits = minorUnitsText(18, { message: 'non-negative integer minor units' });

/** The thresholds, in the operator's currency's minor units. */
export const MONEY_LIMIT_KEYS = [
  'perRequestMinor',
  'playerDayMinor',
  'operatorDayMinor',
  'setupItemMinor',
  'setupPeriodMinor',
] as const;
export type MoneyLimitKey = (typeof MONEY_LIMIT_KEYS)[number];

export const moneyLimitsSchema = z.object({
  /** One payment above this waits for a second operator. */
  perRequestMinor: minorUnits,
  /** Operator-decided credits to one player over the last 24 hours above this wait. */
  playerDayMinor: minorUnits,
  /** Credits one operator asked for over the last 24 hours above this wait. */
  operatorDayMinor: minorUnits,
  /**
   * A reward set-up (a raffle) whose one item pays more money than this (its largest cash or
   * bonus prize) waits for a second operator before it goes live.
   */
  setupItemMinor: minorUnits,
  /** A reward set-up paying more money than this in one period (a raffle's prizes together) waits too. */
  setupPeriodMinor: minorUnits,
});
export type MoneyLimits = z.infer<typeof moneyLimitsSchema>;

/** Why a payment waits for a second operator: which threshold it passes. */
export const MONEY_WAIT_REASONS = ['per_request', 'player_day', 'operator_day'] as const;
export type MoneyWaitReason = (typeof MONEY_WAIT_REASONS)[number];

export const MONEY_LIMIT_CHANGE_STATUSES = ['pending', 'applied', 'rejected'] as const;

/** A raise of one or more thresholds waiting for (or decided by) a second operator. */
export const moneyLimitChangeSchema = z.object({
  id: z.string(),
  /** Only the thresholds the change raises. */
  raises: moneyLimitsSchema.partial(),
  /** The values in force when it was asked. */
  before: moneyLimitsSchema,
  reason: z.string(),
  status: z.enum(MONEY_LIMIT_CHANGE_STATUSES),
  requestedBy: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type MoneyLimitChange = z.infer<typeof moneyLimitChangeSchema>;

/** GET /ops/operator-money/limits: the thresholds in force and the raises waiting. */
export const moneyLimitsViewSchema = z.object({
  limits: moneyLimitsSchema,
  pending: z.array(moneyLimitChangeSchema),
});
export type MoneyLimitsView = z.infer<typeof moneyLimitsViewSchema>;

/** PUT /ops/operator-money/limits: every threshold with the reason (audited). */
export const moneyLimitsBodySchema = moneyLimitsSchema.extend({ reason: opsReasonSchema });
export type MoneyLimitsBody = z.infer<typeof moneyLimitsBodySchema>;

/** What a PUT did: the thresholds lowered at once, and the raise left waiting (if any). */
export const moneyLimitsUpdateSchema = moneyLimitsViewSchema.extend({
  lowered: z.array(z.enum(MONEY_LIMIT_KEYS)),
  waiting: moneyLimitChangeSchema.nullable(),
});
export type MoneyLimitsUpdate = z.infer<typeof moneyLimitsUpdateSchema>;

export const moneyLimitChangeParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
/** POST /ops/operator-money/limit-changes/:id/approve and /reject. */
export const moneyLimitDecisionBodySchema = z.object({ reason: opsReasonSchema });
