import { z } from 'zod';
import { GAME_CATEGORIES } from '../catalogue-constants';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';
import { MONEY_WAIT_REASONS } from './operator-money';
import { idempotencyKeySchema, majorAmountSchema } from './withdrawal';

/** A bonus's life: queued (waits for the one before it), active, then one of the four ends. */
export const BONUS_STATUSES = ['queued', 'active', 'converted', 'forfeited', 'expired', 'cancelled'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** Which money a stake spends first while a bonus is active. */
export const BONUS_SPEND_ORDERS = ['real_first', 'bonus_first'] as const;

/** Amounts are minor units as decimal strings; the answer carries the currency and its scale. */
const minor = z.string().regex(/^\d{1,19}$/);

/** One bonus as its player and the back office see it. */
export const bonusSchema = z.object({
  id: z.string(),
  status: z.enum(BONUS_STATUSES),
  source: z.string(),
  amountMinor: minor,
  wageringMultiple: z.number().int(),
  requirementMinor: minor,
  /** Weighted stakes so far; may pass the requirement on the round that met it. */
  wageredMinor: minor,
  maxConversionMinor: minor,
  maxStakeMinor: minor,
  expiresAt: z.string(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** What its end moved to the main wallet, and back to the promotion budget. */
  convertedMinor: minor,
  returnedMinor: minor,
});
export type Bonus = z.infer<typeof bonusSchema>;

/** A category's share of a settled stake that counts towards wagering, in whole percent. */
export const contributionSchema = z.object({
  category: z.enum(GAME_CATEGORIES),
  percent: z.number().int().min(0).max(100),
});

/** A round that counted towards a bonus. */
export const bonusWagerSchema = z.object({
  bonusId: z.string(),
  category: z.string().nullable(),
  turnoverMinor: minor,
  percent: z.number().int(),
  countedMinor: minor,
  at: z.string(),
});

/** GET /wps/bonuses: the player's bonuses (newest first), the rules they follow and the rounds that counted. */
export const playerBonusesSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  bonusBalanceMinor: minor,
  spendOrder: z.enum(BONUS_SPEND_ORDERS),
  contributions: z.array(contributionSchema),
  bonuses: z.array(bonusSchema),
  wagers: z.array(bonusWagerSchema),
});
export type PlayerBonuses = z.infer<typeof playerBonusesSchema>;

/** The operator's bonus settings. */
export const bonusSettingsSchema = z.object({
  spendOrder: z.enum(BONUS_SPEND_ORDERS),
  contributions: z.array(contributionSchema),
  defaultWageringMultiple: z.number().int().min(0).max(200),
  defaultExpiryHours: z.number().int().min(1).max(8760),
  defaultMaxStake: majorAmountSchema,
  defaultMaxConversionMultiple: z.number().int().min(1).max(1000),
});
export type BonusSettings = z.infer<typeof bonusSettingsSchema>;
export const opsBonusSettingsBodySchema = bonusSettingsSchema.extend({ reason: opsReasonSchema });
export type OpsBonusSettingsBody = z.infer<typeof opsBonusSettingsBodySchema>;

/** GET /ops/bonuses */
export const opsBonusQuerySchema = opsListQuerySchema(['id'] as const).extend({
  status: z.enum(BONUS_STATUSES).optional(),
  memberId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  source: z.string().max(20).optional(),
});
export const opsBonusSchema = bonusSchema.extend({
  memberId: z.string(),
  username: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type OpsBonus = z.infer<typeof opsBonusSchema>;
export const opsBonusPageSchema = opsPageSchema(opsBonusSchema).extend({
  currency: z.string(),
  scale: z.number().int(),
});

/** POST /ops/bonuses: an operator gives a player a bonus; the settings left out take the defaults. */
export const opsGrantBonusBodySchema = z.object({
  username: z.string().trim().min(1).max(60),
  amount: majorAmountSchema,
  wageringMultiple: z.number().int().min(0).max(200).optional(),
  expiresInHours: z.number().int().min(1).max(8760).optional(),
  maxConversion: majorAmountSchema.optional(),
  maxStake: majorAmountSchema.optional(),
  reason: opsReasonSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type OpsGrantBonusBody = z.infer<typeof opsGrantBonusBodySchema>;

/**
 * A bonus an operator gives, as the operator money policy decided it: 'granted' (paid, with its
 * grant), 'waiting' for a second operator (the thresholds it passed), or 'rejected' by one.
 */
export const BONUS_GRANT_REQUEST_STATUSES = ['waiting', 'granted', 'rejected'] as const;
export type BonusGrantRequestStatus = (typeof BONUS_GRANT_REQUEST_STATUSES)[number];

/** POST /ops/bonuses answers: the grant when it was paid, or the request waiting for a second operator. */
export const opsGrantBonusAnswerSchema = z.object({
  requestId: z.string(),
  grantId: z.string().nullable(),
  created: z.boolean(),
  status: z.enum(BONUS_GRANT_REQUEST_STATUSES),
  waitReasons: z.array(z.enum(MONEY_WAIT_REASONS)),
});
export type OpsGrantBonusAnswer = z.infer<typeof opsGrantBonusAnswerSchema>;

/** A bonus grant request as the bonus screen lists it (GET /ops/bonuses/requests). */
export const bonusGrantRequestSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  username: z.string().nullable(),
  amountMinor: minor,
  currency: z.string(),
  reason: z.string(),
  status: z.enum(BONUS_GRANT_REQUEST_STATUSES),
  waitReasons: z.array(z.enum(MONEY_WAIT_REASONS)),
  requestedBy: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  grantId: z.string().nullable(),
});
export type BonusGrantRequest = z.infer<typeof bonusGrantRequestSchema>;
export const opsBonusRequestQuerySchema = z.object({
  status: z.enum(BONUS_GRANT_REQUEST_STATUSES).default('waiting'),
});
export const bonusGrantRequestListSchema = z.object({ list: z.array(bonusGrantRequestSchema) });
/** POST /ops/bonuses/requests/:id/approve and /reject: the second operator's reason. */
export const bonusRequestDecisionBodySchema = z.object({ reason: opsReasonSchema });

export const opsBonusIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
export const opsCancelBonusBodySchema = z.object({ reason: opsReasonSchema });

/** GET /ops/reports/bonus-cost */
export const opsBonusCostQuerySchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The time zone the days are cut in (an IANA name). */
  tz: z.string().max(64).default('UTC'),
});
export const bonusCostRowSchema = z.object({
  day: z.string(),
  source: z.string(),
  grants: z.number().int(),
  grantedMinor: minor,
  convertedMinor: minor,
  forfeitedMinor: minor,
  expiredMinor: minor,
  cancelledMinor: minor,
});
export const bonusCostReportSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  rows: z.array(bonusCostRowSchema),
});
export type BonusCostReport = z.infer<typeof bonusCostReportSchema>;

/** The answer of a withdrawal asked while bonuses run without the confirmation: what would be forfeited. */
export const bonusForfeitNoticeSchema = z.object({ bonuses: z.array(bonusSchema) });
