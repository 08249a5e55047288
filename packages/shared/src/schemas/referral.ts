import { z } from 'zod';

/** Minor units as a decimal string (never a float). */
const minor = z.string().regex(/^\d{1,18}$/);

/** Longest window an invitee has to qualify in, in days after registering. */
export const REFERRAL_MAX_WINDOW_DAYS = 365;

/**
 * What the referral programme pays and when: a referrer earns `rewardMinor` once per invitee whose
 * first deposit is at least `minFirstDepositMinor` and whose settled turnover reaches
 * `minTurnoverMinor`, both within `withinDays` days of registering.
 */
export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  minFirstDepositMinor: minor,
  minTurnoverMinor: minor,
  withinDays: z.number().int().min(1).max(REFERRAL_MAX_WINDOW_DAYS),
  rewardMinor: minor,
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

/** PUT /ops/referral/settings (audited): the settings and why. */
export const referralSettingsUpdateSchema = referralSettingsSchema.extend({
  reason: z.string().trim().min(3).max(500),
});
export type ReferralSettingsUpdate = z.infer<typeof referralSettingsUpdateSchema>;

/**
 * An invitee as the referrer sees it. `in_progress`: still within its window; `missed`: the window
 * ended unqualified; `held`: qualified, the reward waits for an operator's review; `paid`; `rejected`:
 * an operator turned the reward down.
 */
export const REFERRAL_INVITEE_STATUSES = ['in_progress', 'missed', 'held', 'paid', 'rejected'] as const;
export type ReferralInviteeStatus = (typeof REFERRAL_INVITEE_STATUSES)[number];

export const referralInviteeSchema = z.object({
  account: z.string(),
  registeredAt: z.string(),
  deadline: z.string(),
  firstDepositMinor: minor.nullable(),
  turnoverMinor: minor,
  status: z.enum(REFERRAL_INVITEE_STATUSES),
  rewardMinor: minor.nullable(),
});
export type ReferralInvitee = z.infer<typeof referralInviteeSchema>;

/** GET /wps/referral: the member's code, the programme's terms, the invited players and the rewards. */
export const referralSummarySchema = z.object({
  enabled: z.boolean(),
  code: z.string(),
  currency: z.string(),
  scale: z.number().int(),
  terms: referralSettingsSchema.omit({ enabled: true }),
  invitees: z.array(referralInviteeSchema),
  totals: z.object({ invited: z.number().int(), qualified: z.number().int(), paidMinor: minor, heldMinor: minor }),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** Why a qualified referral's reward waits for an operator: what the referrer and invitee share. */
export const REFERRAL_HOLD_REASONS = [
  'shared_ip',
  'shared_device',
  'shared_phone',
  'shared_bank_account',
  'shared_payee_name',
] as const;
export type ReferralHoldReason = (typeof REFERRAL_HOLD_REASONS)[number];
