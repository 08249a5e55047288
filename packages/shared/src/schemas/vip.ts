import { z } from 'zod';
import { majorAmountSchema } from './withdrawal';

/*
 * VIP levels: a member's level follows their turnover and deposits over a rolling window, with the
 * operator's thresholds, names and colours. Amounts are major-unit decimal strings; bonuses of kind
 * `points` are whole points.
 */

export const VIP_BONUS_KINDS = ['cash', 'points'] as const;
export type VipBonusKind = (typeof VIP_BONUS_KINDS)[number];
export const VIP_REVIEW_PERIODS = ['monthly', 'never'] as const;
/** The product's rule: a club rank level above this is VIP (customer service's VIP entries). */
export const VIP_RANK_THRESHOLD = 4;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour #rrggbb');

/** One level as players see it on the VIP page. */
export const vipLevelSchema = z.object({
  rankLevel: z.number().int(),
  labelName: z.string(),
  color: z.string(),
  color2: z.string(),
  turnover: z.string(),
  deposit: z.string(),
  pointsMultiplierPct: z.number().int(),
  upgradeBonusKind: z.enum(VIP_BONUS_KINDS),
  upgradeBonus: z.string(),
  monthlyBonusKind: z.enum(VIP_BONUS_KINDS),
  monthlyBonus: z.string(),
  benefitsPt: z.string(),
  benefitsEn: z.string(),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

/** MCS2_getVipInfo (ours, token): the member's level, the window's totals and every level. */
export const vipInfoSchema = z.object({
  rankLevel: z.number().int(),
  windowDays: z.number().int(),
  turnover: z.string(),
  deposit: z.string(),
  currency: z.string(),
  currencyScale: z.number().int(),
  levels: z.array(vipLevelSchema),
});
export type VipInfo = z.infer<typeof vipInfoSchema>;

// ---- back office ----

/** A level as operators set it (amounts typed in major units; points bonuses whole numbers). */
export const opsVipLevelSchema = z.object({
  rankLevel: z.number().int().min(0).max(20),
  labelName: z.string().trim().min(1).max(40),
  color: hexColour,
  color2: hexColour,
  turnover: majorAmountSchema,
  deposit: majorAmountSchema,
  pointsMultiplierPct: z.number().int().min(0).max(1000),
  upgradeBonusKind: z.enum(VIP_BONUS_KINDS),
  upgradeBonus: majorAmountSchema,
  monthlyBonusKind: z.enum(VIP_BONUS_KINDS),
  monthlyBonus: majorAmountSchema,
  benefitsPt: z.string().max(1000),
  benefitsEn: z.string().max(1000),
});
export type OpsVipLevel = z.infer<typeof opsVipLevelSchema>;

/** GET/PUT /ops/vip: the window, the review period and every level (rank 0 first, ranks 0..n without gaps). */
export const opsVipSettingsSchema = z.object({
  windowDays: z.number().int().min(1).max(365),
  reviewPeriod: z.enum(VIP_REVIEW_PERIODS),
  levels: z.array(opsVipLevelSchema).min(1).max(21),
});
export type OpsVipSettings = z.infer<typeof opsVipSettingsSchema>;
export type OpsVipSettingsInput = z.input<typeof opsVipSettingsSchema>;

/** Member labels. */
export const memberLabelSchema = z.object({ id: z.string(), labelName: z.string(), color: z.string() });
export type MemberLabel = z.infer<typeof memberLabelSchema>;
export const memberLabelListSchema = z.object({ list: z.array(memberLabelSchema) });
export const memberLabelBodySchema = z.object({ labelName: z.string().trim().min(1).max(40), color: hexColour });
export type MemberLabelBody = z.infer<typeof memberLabelBodySchema>;

/** GET /ops/member-labels/members/:memberId: the labels a player carries. */
export const memberLabelAssignmentSchema = z.object({ labelIds: z.array(z.string()) });
export type MemberLabelAssignment = z.infer<typeof memberLabelAssignmentSchema>;
/** PUT /ops/member-labels/members/:memberId: the player's whole set of labels, and why (audited). */
export const memberLabelAssignmentBodySchema = z.object({
  labelIds: z.array(z.string().regex(/^\d{1,18}$/)).max(20),
  reason: z.string().trim().min(3).max(500),
});
export type MemberLabelAssignmentBody = z.infer<typeof memberLabelAssignmentBodySchema>;
