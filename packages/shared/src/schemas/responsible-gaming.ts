import { z } from 'zod';
import { formatMinor } from '../money';
import { typedAmountSchema } from './typed-amount';

/**
 * Responsible gambling (docs/compliance.md "Responsible gambling"): the player's limits, time-outs,
 * self-exclusion and reality checks. Money limits travel as major-unit decimal strings (the
 * operator's currency and scale, like deposit amounts); time limits and intervals in whole minutes.
 */

/** The money limits: deposits per day, week and month, net loss per day, week and month, the stake of one bet. */
export const RG_MONEY_LIMIT_KINDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'stake',
] as const;
/** The time limits, in minutes: one session, and all sessions of one day. */
export const RG_TIME_LIMIT_KINDS = ['session_time', 'daily_time'] as const;
export const RG_LIMIT_KINDS = [...RG_MONEY_LIMIT_KINDS, ...RG_TIME_LIMIT_KINDS] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];
export type RgMoneyLimitKind = (typeof RG_MONEY_LIMIT_KINDS)[number];

export function isMoneyLimit(kind: RgLimitKind): kind is RgMoneyLimitKind {
  return (RG_MONEY_LIMIT_KINDS as readonly string[]).includes(kind);
}

/** Longest time limit: a day's minutes. */
export const RG_MAX_MINUTES = 24 * 60;
/** How long an increase or a removal waits before the player may confirm it (RTS 12: 24 hours). */
export const RG_INCREASE_WAIT_HOURS = 24;

/** Reality-check intervals a player may choose, in minutes. */
export const RG_REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

/** Time-outs: 24 hours, a week, a month, or a chosen number of days up to 6 weeks (Law 14.790 art. 23, paragraph 4). */
export const RG_TIME_OUT_DURATIONS = ['24h', '1w', '1m', 'days'] as const;
export const RG_TIME_OUT_MAX_DAYS = 42;
/** Self-exclusion: 6 months, 1, 2 or 5 years, or permanent. */
export const RG_SELF_EXCLUSION_DURATIONS = ['6m', '1y', '2y', '5y', 'permanent'] as const;

const limitValue = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/);

export const rgLimitChangeSchema = z.object({
  kind: z.enum(RG_LIMIT_KINDS),
  /** The new limit (major units, or minutes for time limits); null removes it. */
  value: limitValue.nullable(),
});
export const rgSetLimitsBodySchema = z.object({
  limits: z.array(rgLimitChangeSchema).min(1).max(RG_LIMIT_KINDS.length),
});
export type RgSetLimitsBody = z.infer<typeof rgSetLimitsBodySchema>;

/**
 * The step right after a registration under a licence that asks for limits at sign-up (the player
 * site's form): one deposit limit for the period the player picks and a daily time limit in hours.
 * The site sends them as an ordinary limits change.
 */
export const RG_SIGN_UP_DEPOSIT_PERIODS = ['day', 'week', 'month'] as const;
/**
 * The sign-up's limits (Portaria SPA/MF 1.231/2024): a deposit and a loss limit, each for the
 * period picked, and hours a day. The money limits are typed as the player's `locale` writes them
 * ("1.500,00" in pt-BR), read by the shared money parser (`typedAmountSchema`, reasons 'required'
 * and 'format') and must be above zero (reason 'min'); out, the major-unit decimal string the
 * limits API takes ("1500.00").
 */
export function createRgSignUpLimitsSchema(scale: number, locale?: string) {
  const amount = typedAmountSchema(scale, locale)
    .refine((minor) => minor > 0n, { params: { reason: 'min' } })
    .transform((minor) => formatMinor(minor, scale));
  return z.object({
    depositPeriod: z.enum(RG_SIGN_UP_DEPOSIT_PERIODS),
    deposit: amount,
    lossPeriod: z.enum(RG_SIGN_UP_DEPOSIT_PERIODS),
    loss: amount,
    dailyHours: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/)
      .refine((v) => Number(v) >= 1 && Number(v) <= 24),
  });
}
/** The sign-up form as typed. */
export type RgSignUpLimitsInput = z.input<ReturnType<typeof createRgSignUpLimitsSchema>>;
/** The sign-up's answer, amounts as major-unit decimal strings. */
export type RgSignUpLimits = z.output<ReturnType<typeof createRgSignUpLimitsSchema>>;

/** The limits change a sign-up step's answer makes. */
export function signUpLimitChanges(values: RgSignUpLimits): RgSetLimitsBody {
  return {
    limits: [
      { kind: `deposit_${values.depositPeriod}`, value: values.deposit },
      { kind: `loss_${values.lossPeriod}`, value: values.loss },
      { kind: 'daily_time', value: String(Number(values.dailyHours) * 60) },
    ],
  };
}

export const rgLimitKindBodySchema = z.object({ kind: z.enum(RG_LIMIT_KINDS) });

export const rgPendingChangeSchema = z.object({
  /** The value asked for; null when the change removes the limit. */
  value: z.string().nullable(),
  requestedAt: z.string(),
  /** From this instant the player may confirm it; until then the limit in force holds. */
  effectiveAt: z.string(),
  confirmable: z.boolean(),
});

export const rgLimitSchema = z.object({
  kind: z.enum(RG_LIMIT_KINDS),
  /** The limit in force (major units or minutes), null for none. */
  value: z.string().nullable(),
  pending: rgPendingChangeSchema.nullable(),
});
export type RgLimit = z.infer<typeof rgLimitSchema>;

export const rgStatusSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  limits: z.array(rgLimitSchema),
  /** The reality check's interval in minutes, null for none. */
  realityCheckMinutes: z.number().int().nullable(),
  /** The operator's licence asks for a reality check (the player may change the interval, not turn it off). */
  realityCheckRequired: z.boolean(),
  /** The licence asks for a deposit limit and a time limit before any deposit or bet. */
  limitsRequired: z.boolean(),
  /** Required limits still missing: deposits and bets are refused until they are set. */
  mustSetLimits: z.boolean(),
});
export type RgStatus = z.infer<typeof rgStatusSchema>;

export const rgTimeOutBodySchema = z.object({
  duration: z.enum(RG_TIME_OUT_DURATIONS),
  /** With duration 'days': how many days (1–42). */
  days: z.number().int().min(1).max(RG_TIME_OUT_MAX_DAYS).optional(),
});
export type RgTimeOutBody = z.infer<typeof rgTimeOutBodySchema>;

export const rgSelfExclusionBodySchema = z.object({
  duration: z.enum(RG_SELF_EXCLUSION_DURATIONS),
  /** The player ticked "I understand this cannot be undone before it ends". */
  confirm: z.literal(true),
});
export type RgSelfExclusionBody = z.infer<typeof rgSelfExclusionBodySchema>;

export const rgExclusionStartedSchema = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  startsAt: z.string(),
  /** Null for a permanent self-exclusion. */
  endsAt: z.string().nullable(),
});

export const rgRealityCheckBodySchema = z.object({
  minutes: z
    .number()
    .int()
    .refine((m) => (RG_REALITY_CHECK_MINUTES as readonly number[]).includes(m))
    .nullable(),
});

/** The reality check's figures: this login session's time and its rounds' money, from the server. */
export const rgSessionSummarySchema = z.object({
  sessionStartedAt: z.string(),
  elapsedSeconds: z.number().int(),
  currency: z.string(),
  scale: z.number().int(),
  stakes: z.string(),
  wins: z.string(),
  /** Wins and refunds minus stakes: negative when the player lost. */
  net: z.string(),
  intervalMinutes: z.number().int().nullable(),
});
export type RgSessionSummary = z.infer<typeof rgSessionSummarySchema>;

/** Ending an expired self-exclusion: the one-time token a refused login handed out (it proves the password). */
export const rgReopenBodySchema = z.object({ token: z.string().min(20).max(100) });
export const rgReopenResultSchema = z.object({ coolingOffUntil: z.string() });

export const RG_HISTORY_ACTIONS = [
  'set',
  'decrease',
  'increase_requested',
  'increase_confirmed',
  'removal_requested',
  'removed',
  'pending_cancelled',
  'reality_check',
  'time_out',
  'self_exclusion',
  'reopen_requested',
] as const;

export const rgHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  action: z.enum(RG_HISTORY_ACTIONS),
  before: z.string().nullable(),
  after: z.string().nullable(),
  actorType: z.enum(['member', 'operator', 'system']),
  actorId: z.string().nullable(),
  at: z.string(),
});
export type RgHistoryEntry = z.infer<typeof rgHistoryEntrySchema>;

export const rgExclusionSchema = z.object({
  id: z.string(),
  kind: z.enum(['time_out', 'self_exclusion']),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  reopenRequestedAt: z.string().nullable(),
  coolingOffUntil: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** In force now (login refused). */
  active: z.boolean(),
});
export type RgExclusion = z.infer<typeof rgExclusionSchema>;

/** The back office's read-only view of one player. */
export const rgOpsPlayerSchema = z.object({
  memberId: z.string(),
  status: rgStatusSchema,
  exclusions: z.array(rgExclusionSchema),
  history: z.array(rgHistoryEntrySchema),
});
export type RgOpsPlayer = z.infer<typeof rgOpsPlayerSchema>;
