import { z } from 'zod';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';

/**
 * Behaviour monitoring (docs/compliance.md, "Behaviour monitoring"): patterns of play that may be
 * signs of harm, flagged to the back office for review and contact. Each rule looks back over a
 * rolling window and is raised at most once per player, rule and period (the period's key in the
 * operator's time zone).
 */
export const MONITORING_RULES = [
  'deposits_rising',
  'night_play',
  'loss_chasing',
  'withdrawals_reversed',
  'limits_raised',
] as const;
export const monitoringRuleSchema = z.enum(MONITORING_RULES);
export type MonitoringRule = z.infer<typeof monitoringRuleSchema>;

/** What an operator recorded when closing a flag. */
export const MONITORING_OUTCOMES = ['contacted', 'limits_suggested', 'no_action', 'escalated'] as const;
export const monitoringOutcomeSchema = z.enum(MONITORING_OUTCOMES);
export type MonitoringOutcome = z.infer<typeof monitoringOutcomeSchema>;

export const MONITORING_STATUSES = ['open', 'closed'] as const;
export const monitoringStatusSchema = z.enum(MONITORING_STATUSES);

/** Minor units as a decimal string (money never travels as a float). */
const minorSchema = z.string().regex(/^\d{1,15}$/);

/** A rule's own switch: off, the scan skips that rule alone (its existing flags stay for review). */
const ruleSwitch = z.boolean();

/** The operator's thresholds; each group is one rule, with its switch (defaults: MONITORING_DEFAULTS). */
export const monitoringSettingsSchema = z
  .object({
    /** Off: the scan raises nothing (existing flags stay for review). */
    enabled: z.boolean(),
    depositsRising: z
      .object({
        enabled: ruleSwitch,
        /** Last 7 days' deposits at least this many percent of the average week of the weeks before. */
        factorPercent: z.number().int().min(110).max(5000),
        /** …and at least this much (minor units): small amounts rising are not a pattern. */
        minRecentMinor: minorSchema,
        /** How many weeks before the last 7 days make the player's usual week. */
        baselineWeeks: z.number().int().min(1).max(12),
      })
      .strict(),
    nightPlay: z
      .object({
        enabled: ruleSwitch,
        /** The night, in the operator's local hours: from startHour up to (not including) endHour, across midnight when start > end. */
        startHour: z.number().int().min(0).max(23),
        endHour: z.number().int().min(0).max(23),
        /** Nights with play in the last 7 days that raise the flag. */
        minNights: z.number().int().min(1).max(7),
      })
      .strict()
      .refine((n) => n.startHour !== n.endHour, { message: 'the night needs at least one hour', path: ['endHour'] }),
    lossChasing: z
      .object({
        enabled: ruleSwitch,
        /** A deposit, or a raised stake, this many minutes after a losing round is a chase. */
        afterLossMinutes: z.number().int().min(1).max(240),
        /** A stake at least this many percent of the lost round's stake counts as raised. */
        stakeRaisePercent: z.number().int().min(110).max(10_000),
        /** Chases in 24 hours that raise the flag… */
        minChases: z.number().int().min(1).max(100),
        /** …with at least this net loss (minor units) over the same 24 hours. */
        minNetLossMinor: minorSchema,
      })
      .strict(),
    withdrawalsReversed: z
      .object({
        enabled: ruleSwitch,
        /** A withdrawal whose money came back to the wallet and was staked within this many hours. */
        playWithinHours: z.number().int().min(1).max(168),
        /** Such reversals in the last 30 days that raise the flag. */
        minReversals: z.number().int().min(1).max(20),
      })
      .strict(),
    limitsRaised: z
      .object({
        enabled: ruleSwitch,
        /** Requests to raise or remove a limit in the last 30 days that raise the flag. */
        minRaises: z.number().int().min(1).max(50),
      })
      .strict(),
  })
  .strict();
export type MonitoringSettings = z.infer<typeof monitoringSettingsSchema>;

/** Each rule's group of settings (its switch and thresholds). */
export const MONITORING_RULE_SETTINGS = {
  deposits_rising: 'depositsRising',
  night_play: 'nightPlay',
  loss_chasing: 'lossChasing',
  withdrawals_reversed: 'withdrawalsReversed',
  limits_raised: 'limitsRaised',
} as const satisfies Record<MonitoringRule, Exclude<keyof MonitoringSettings, 'enabled'>>;

/** The documented defaults (docs/compliance.md, "Behaviour monitoring"). */
export const MONITORING_DEFAULTS: MonitoringSettings = {
  enabled: true,
  depositsRising: { enabled: true, factorPercent: 300, minRecentMinor: '50000', baselineWeeks: 4 },
  nightPlay: { enabled: true, startHour: 0, endHour: 6, minNights: 3 },
  lossChasing: { enabled: true, afterLossMinutes: 30, stakeRaisePercent: 200, minChases: 3, minNetLossMinor: '20000' },
  withdrawalsReversed: { enabled: true, playWithinHours: 24, minReversals: 2 },
  limitsRaised: { enabled: true, minRaises: 3 },
};

/** The figures that raised a flag: numbers, minor-unit strings and ISO dates, by rule. */
export const monitoringFiguresSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]));
export type MonitoringFigures = z.infer<typeof monitoringFiguresSchema>;

export const opsMonitoringNoteSchema = z.object({
  id: z.string(),
  operatorId: z.string(),
  operator: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type OpsMonitoringNote = z.infer<typeof opsMonitoringNoteSchema>;

export const opsMonitoringFlagSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  rule: monitoringRuleSchema,
  /** The period it stands for: a day `2026-05-04`, a week `2026-W19` or a month `2026-05`. */
  periodKey: z.string(),
  /** The rolling window the figures were counted in. */
  windowStart: z.string(),
  windowEnd: z.string(),
  figures: monitoringFiguresSchema,
  status: monitoringStatusSchema,
  outcome: monitoringOutcomeSchema.nullable(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  raisedAt: z.string(),
  notes: z.number().int(),
});
export type OpsMonitoringFlag = z.infer<typeof opsMonitoringFlagSchema>;
export const opsMonitoringFlagDetailSchema = opsMonitoringFlagSchema.extend({
  noteList: z.array(opsMonitoringNoteSchema),
});
export type OpsMonitoringFlagDetail = z.infer<typeof opsMonitoringFlagDetailSchema>;

/** GET /ops/monitoring/flags: newest first, by rule, status or player. */
export const opsMonitoringListQuerySchema = opsListQuerySchema(['raised'] as const).extend({
  rule: monitoringRuleSchema.optional(),
  status: monitoringStatusSchema.optional(),
  memberId: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
export type OpsMonitoringListQuery = z.infer<typeof opsMonitoringListQuerySchema>;
export const opsMonitoringPageSchema = opsPageSchema(opsMonitoringFlagSchema);
export type OpsMonitoringPage = z.infer<typeof opsMonitoringPageSchema>;

/** POST /ops/monitoring/flags/:id/notes */
export const opsMonitoringNoteBodySchema = z.object({ body: z.string().trim().min(1).max(2000) }).strict();
export type OpsMonitoringNoteBody = z.infer<typeof opsMonitoringNoteBodySchema>;

/** POST /ops/monitoring/flags/:id/close: the outcome, and why (audited). */
export const opsMonitoringCloseBodySchema = z
  .object({ outcome: monitoringOutcomeSchema, reason: opsReasonSchema })
  .strict();
export type OpsMonitoringCloseBody = z.infer<typeof opsMonitoringCloseBodySchema>;

/** POST /ops/monitoring/scan: what a scan raised. */
export const opsMonitoringScanSchema = z.object({ raised: z.number().int() });
