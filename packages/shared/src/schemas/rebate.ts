import { z } from 'zod';
import { GAME_CATEGORIES } from '../catalogue-constants';
import { WINDOW_PERIODS } from '../reward-period-windows';

/** Minor units as a decimal string (never a float). */
const minor = z.string().regex(/^\d{1,18}$/);

/** A rate in basis points: 100 = 1 %, at most 10 % of turnover. */
export const REBATE_MAX_RATE_BP = 1000;
export const rebateRateSchema = z.number().int().min(0).max(REBATE_MAX_RATE_BP);

/** How a period's rebate reaches the player: claimed in the member centre, or paid by the server when the period ends. */
export const REBATE_MODES = ['claim', 'auto'] as const;
export type RebateMode = (typeof REBATE_MODES)[number];

/** Per game category: its settled turnover in the period, the rate, and what that gives. */
export const rebateLineSchema = z.object({
  category: z.enum(GAME_CATEGORIES),
  turnoverMinor: minor,
  rateBp: z.number().int(),
  amountMinor: minor,
});
export type RebateLine = z.infer<typeof rebateLineSchema>;

/**
 * A period as the player sees it. `in_progress`: still counting; `claimable`: ended and waits for
 * the claim; `pending`: ended, paid by the server shortly (automatic mode); `paid`: paid (claimed or
 * automatic); `none`: ended with nothing to pay.
 */
export const REBATE_PERIOD_STATUSES = ['in_progress', 'claimable', 'pending', 'paid', 'none'] as const;
export const rebatePeriodSchema = z.object({
  periodKey: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(REBATE_PERIOD_STATUSES),
  lines: z.array(rebateLineSchema),
  totalMinor: minor,
  paidAt: z.string().nullable(),
});
export type RebatePeriod = z.infer<typeof rebatePeriodSchema>;

/** GET /wps/rebate: the settings the player needs, the period in progress and the last ones. */
export const rebateSummarySchema = z.object({
  enabled: z.boolean(),
  /** How the player's site writes the amounts (the operator's currency and its minor-unit scale). */
  currency: z.string(),
  scale: z.number().int(),
  period: z.enum(WINDOW_PERIODS),
  mode: z.enum(REBATE_MODES),
  rates: z.array(z.object({ category: z.enum(GAME_CATEGORIES), rateBp: z.number().int() })),
  current: rebatePeriodSchema,
  past: z.array(rebatePeriodSchema),
});
export type RebateSummary = z.infer<typeof rebateSummarySchema>;

/** POST /wps/rebate/claim: one ended period. */
export const rebateClaimBodySchema = z.object({
  periodKey: z.string().regex(/^\d{4}-(\d{2}-\d{2}|W\d{2})$/, 'period key'),
});
export type RebateClaimBody = z.infer<typeof rebateClaimBodySchema>;
export const rebateClaimResultSchema = z.object({ periodKey: z.string(), amountMinor: minor, grantId: z.string() });
export type RebateClaimResult = z.infer<typeof rebateClaimResultSchema>;

/** The operator's rebate settings (GET and PUT /ops/rebate/settings). */
export const rebateSettingsSchema = z.object({
  enabled: z.boolean(),
  period: z.enum(WINDOW_PERIODS),
  mode: z.enum(REBATE_MODES),
  /** Categories left out earn nothing. */
  rates: z.partialRecord(z.enum(GAME_CATEGORIES), rebateRateSchema),
});
export type RebateSettings = z.infer<typeof rebateSettingsSchema>;
export const rebateSettingsUpdateSchema = rebateSettingsSchema.extend({ reason: z.string().trim().min(3).max(500) });
export type RebateSettingsUpdate = z.infer<typeof rebateSettingsUpdateSchema>;

/**
 * A change of the settings that pays more, waiting for an operator other than the asker holding
 * adjustments.approve (docs/decisions.md, "Rate set-ups: a raise waits for a second operator").
 * `raises` names only what it raises: switching the rebate on, automatic payment, another period,
 * higher or new category rates. Lowerings are in force at once and never wait.
 */
export const rebateRaisesSchema = z.object({
  enabled: z.literal(true).optional(),
  mode: z.literal('auto').optional(),
  period: z.enum(WINDOW_PERIODS).optional(),
  rates: z.partialRecord(z.enum(GAME_CATEGORIES), rebateRateSchema).optional(),
});
export type RebateRaises = z.infer<typeof rebateRaisesSchema>;

export const REBATE_CHANGE_STATUSES = ['pending', 'applied', 'rejected', 'superseded'] as const;
export const rebateSettingChangeSchema = z.object({
  id: z.string(),
  raises: rebateRaisesSchema,
  /** The settings in force when it was asked. */
  before: rebateSettingsSchema,
  reason: z.string(),
  status: z.enum(REBATE_CHANGE_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type RebateSettingChange = z.infer<typeof rebateSettingChangeSchema>;

/** GET /ops/rebate/settings: the settings in force and the raise waiting, if any. */
export const rebateSettingsViewSchema = rebateSettingsSchema.extend({ pending: rebateSettingChangeSchema.nullable() });
export type RebateSettingsView = z.infer<typeof rebateSettingsViewSchema>;

/** PUT /ops/rebate/settings: what is in force now, and the raise this change left waiting (null: none). */
export const rebateSettingsResultSchema = rebateSettingsViewSchema.extend({
  waiting: rebateSettingChangeSchema.nullable(),
});
export type RebateSettingsResult = z.infer<typeof rebateSettingsResultSchema>;

export const rebateChangeParamsSchema = z.object({ changeId: z.string().regex(/^\d{1,18}$/, 'an id') });
export const rebateChangeDecisionBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
