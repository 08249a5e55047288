import { z } from 'zod';
import { minorUnitsText } from './common';
import { GAME_CATEGORIES } from '../catalogue-constants';
import { JURISDICTION_PROFILES } from '../rewards-jurisdiction';
import { MONEY_WAIT_REASONS } from './operator-money';

/** What happens to a player, as the rewards engine hears it (a rule's trigger). */
export const REWARD_TRIGGERS = [
  'registered',
  'login',
  'deposit_credited',
  'withdrawal_requested',
  'round_settled',
  'level_changed',
  'application_approved',
  'promotion_joined',
  'referral_qualified',
] as const;
export type RewardTrigger = (typeof REWARD_TRIGGERS)[number];

export const RULE_REWARD_KINDS = ['cash', 'bonus', 'points', 'raffle_ticket', 'mission_step'] as const;
export const RULE_STATUSES = ['draft', 'live', 'paused', 'ended'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];
export const CAP_PERIODS = ['none', 'daily', 'weekly', 'monthly'] as const;
export const TOTAL_PERIODS = ['day', 'week', 'month'] as const;

const minor = minorUnitsText(15, { message: 'a whole number of minor units' });
const id = z.string().regex(/^\d{1,18}$/);

/**
 * A rule's conditions; every one present must hold. Amounts are minor units. Periods and the time
 * window are cut in the operator's time zone.
 */
export const ruleConditionsSchema = z
  .object({
    /** deposit_credited: only the player's first credited deposit. */
    firstDeposit: z.boolean().optional(),
    /** deposit_credited: the deposit's amount in this range. */
    depositMin: minor.optional(),
    depositMax: minor.optional(),
    /** The player's credited deposits in the current day/week/month, this one included, at least this much. */
    depositInPeriod: z.object({ period: z.enum(TOTAL_PERIODS), min: minor }).optional(),
    /** The player's settled turnover (stakes less refunds) in the period, in one category or all, at least this much. */
    turnoverInPeriod: z
      .object({ period: z.enum(TOTAL_PERIODS), min: minor, category: z.enum(GAME_CATEGORIES).optional() })
      .optional(),
    /** round_settled: only rounds of these categories. */
    roundCategories: z.array(z.enum(GAME_CATEGORIES)).min(1).max(GAME_CATEGORIES.length).optional(),
    /** The player's VIP rank level in this range. */
    vipLevelMin: z.number().int().min(0).max(100).optional(),
    vipLevelMax: z.number().int().min(0).max(100).optional(),
    /** Segment: registered in [from, until); has (or has not) a credited deposit before this event. */
    registeredFrom: z.string().datetime().optional(),
    registeredUntil: z.string().datetime().optional(),
    /** The event's local time: these weekdays (0 Sunday … 6 Saturday) and hours [fromHour, untilHour). */
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
    fromHour: z.number().int().min(0).max(23).optional(),
    untilHour: z.number().int().min(1).max(24).optional(),
    /** The player joined the rule's promotion in its current period (promotions in "join" mode). */
    joinedPromotion: z.boolean().optional(),
  })
  .strict()
  .refine((c) => !(c.depositMin && c.depositMax) || BigInt(c.depositMin) <= BigInt(c.depositMax), {
    path: ['depositMax'],
    message: 'below depositMin',
  })
  .refine((c) => c.vipLevelMin === undefined || c.vipLevelMax === undefined || c.vipLevelMin <= c.vipLevelMax, {
    path: ['vipLevelMax'],
    message: 'below vipLevelMin',
  })
  .refine((c) => c.fromHour === undefined || c.untilHour === undefined || c.fromHour < c.untilHour, {
    path: ['untilHour'],
    message: 'not after fromHour',
  });
export type RuleConditions = z.infer<typeof ruleConditionsSchema>;

/** Whether conditions look at deposits (what the Brazilian profile forbids). */
export function usesDepositCondition(c: RuleConditions): boolean {
  return Boolean(c.firstDeposit || c.depositMin || c.depositMax || c.depositInPeriod);
}

/**
 * A rule's reward: a fixed amount, or a percentage (basis points) of the event's amount (the
 * deposit, or the round's turnover) capped at `maxAmount`. Amounts in the kind's unit: minor units
 * for cash and bonus, points, tickets, steps. `params` go to the kind's payer (a bonus's wagering,
 * the raffle, the mission).
 */
export const ruleRewardSchema = z
  .object({
    kind: z.enum(RULE_REWARD_KINDS),
    amount: minor.optional(),
    percentBp: z.number().int().min(1).max(100_000).optional(),
    maxAmount: minor.optional(),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  })
  .strict()
  .refine((r) => (r.amount === undefined) !== (r.percentBp === undefined), {
    path: ['amount'],
    message: 'either amount or percentBp',
  })
  .refine((r) => r.amount === undefined || BigInt(r.amount) > 0n, { path: ['amount'], message: 'positive' });
export type RuleReward = z.infer<typeof ruleRewardSchema>;

/** POST /ops/rewards/rules and PUT /ops/rewards/rules/:id */
export const ruleInputSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    promotionId: id.nullable().default(null),
    trigger: z.enum(REWARD_TRIGGERS),
    conditions: ruleConditionsSchema.default({}),
    reward: ruleRewardSchema,
    delivery: z.enum(['auto', 'claim']).default('auto'),
    startsAt: z.string().datetime().nullable().default(null),
    endsAt: z.string().datetime().nullable().default(null),
    perPlayerCap: z.number().int().min(1).max(1_000_000).nullable().default(null),
    capPeriod: z.enum(CAP_PERIODS).default('none'),
    totalCapCount: z.number().int().min(1).max(100_000_000).nullable().default(null),
    totalCapAmount: minor.nullable().default(null),
  })
  .refine((r) => !r.startsAt || !r.endsAt || r.startsAt < r.endsAt, {
    path: ['endsAt'],
    message: 'not after startsAt',
  });
export type RuleInput = z.input<typeof ruleInputSchema>;
export type RuleInputParsed = z.infer<typeof ruleInputSchema>;

export const ruleSchema = z.object({
  id,
  name: z.string(),
  promotionId: id.nullable(),
  status: z.enum(RULE_STATUSES),
  trigger: z.enum(REWARD_TRIGGERS),
  conditions: ruleConditionsSchema,
  reward: ruleRewardSchema,
  delivery: z.enum(['auto', 'claim']),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  perPlayerCap: z.number().int().nullable(),
  capPeriod: z.enum(CAP_PERIODS),
  totalCapCount: z.number().int().nullable(),
  totalCapAmount: z.string().nullable(),
  grantedCount: z.number().int(),
  grantedAmount: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rule = z.infer<typeof ruleSchema>;

export const ruleListSchema = z.object({ list: z.array(ruleSchema) });

/** POST /ops/rewards/rules/:id/status */
export const ruleStatusBodySchema = z.object({
  status: z.enum(['live', 'paused', 'ended']),
  version: z.number().int().min(1),
});

/** POST /ops/rewards/dry-run: a rule (saved or not) replayed over a window of history. */
export const dryRunBodySchema = z.object({
  rule: ruleInputSchema,
  from: z.string().datetime(),
  until: z.string().datetime(),
});
export type DryRunBody = z.input<typeof dryRunBodySchema>;

export const dryRunResultSchema = z.object({
  eventsScanned: z.number().int(),
  /** True when the window held more events than one dry run reads; the figures cover the first ones. */
  truncated: z.boolean(),
  grants: z.number().int(),
  players: z.number().int(),
  amount: z.string(),
  kind: z.enum(RULE_REWARD_KINDS),
  /** Matches the caps turned away. */
  cappedOut: z.number().int(),
  sample: z.array(z.object({ memberId: id, eventId: id, occurredAt: z.string(), amount: z.string() })),
});
export type DryRunResult = z.infer<typeof dryRunResultSchema>;

/** GET/PUT /ops/rewards/settings */
export const rewardSettingsSchema = z.object({ jurisdiction: z.enum(JURISDICTION_PROFILES) });
export type RewardSettings = z.infer<typeof rewardSettingsSchema>;

export const GRANT_LIST_STATUSES = ['queued', 'issued', 'held', 'paid', 'rejected', 'expired'] as const;

/** A grant as the player's reward centre shows it. */
export const grantSchema = z.object({
  id,
  kind: z.enum(RULE_REWARD_KINDS),
  amount: z.string(),
  currency: z.string(),
  source: z.string(),
  status: z.enum(GRANT_LIST_STATUSES),
  title: z.object({ PT: z.string(), EN: z.string() }).nullable(),
  claimUntil: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Rejected by an operator: the reason shown to the player. */
  reason: z.string().nullable(),
});
export type Grant = z.infer<typeof grantSchema>;

/** A grant as the back office lists it (GET /ops/rewards/grants): whose, from what, and why it is held. */
export const opsGrantSchema = grantSchema.extend({
  memberId: z.string(),
  sourceRef: z.string(),
  holdReason: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  /** A release of a held grant of money waiting for a second operator (the operator money policy): who asked, the thresholds passed. */
  releaseAskedBy: z.string().nullable(),
  releaseAskedAt: z.string().nullable(),
  releaseWaitReasons: z.array(z.enum(MONEY_WAIT_REASONS)),
});
export type OpsGrant = z.infer<typeof opsGrantSchema>;

/** GET /wps/rewards/grants */
export const grantListQuerySchema = z.object({
  status: z.enum(GRANT_LIST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const grantListSchema = z.object({
  list: z.array(grantSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  claimable: z.number().int(),
});
export type GrantList = z.infer<typeof grantListSchema>;

export const grantIdParamsSchema = z.object({ id });

/** POST /ops/rewards/grants/:id/reject */
export const grantRejectBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
