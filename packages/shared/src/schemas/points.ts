import { z } from 'zod';
import { GAME_CATEGORIES } from '../catalogue-constants';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';
import { idempotencyKeySchema, majorAmountSchema } from './withdrawal';

/*
 * Points and the points mall (all calls under /wps/relay/, POST, token). Points are whole numbers,
 * sent as decimal strings (they are bigints on the server). Amounts of cash are major-unit decimal
 * strings in the operator's currency, like the other money answers.
 */

export const MALL_ITEM_KINDS = ['physical', 'cash', 'bonus'] as const;
export type MallItemKind = (typeof MALL_ITEM_KINDS)[number];
export const REDEMPTION_STATUSES = ['in_process', 'approved', 'rejected'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export const POINTS_MOVEMENT_KINDS = ['earn', 'grant', 'redeem', 'redeem_return', 'convert'] as const;
export type PointsMovementKind = (typeof POINTS_MOVEMENT_KINDS)[number];

const pointsSchema = z.string().regex(/^\d+$/);
/** A whole number of points typed by the player or an operator. */
export const pointsInputSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,14}$/, 'whole number of points');

/** MCS2_getPointBalance. */
export const pointBalanceSchema = z.object({ points: pointsSchema });
export type PointBalance = z.infer<typeof pointBalanceSchema>;

/** MCS2_getPointConfig: earning rates (points per whole currency unit of turnover) by category, the VIP multiplier, conversion. */
export const pointConfigSchema = z.object({
  enabled: z.boolean(),
  earnRates: z.array(z.object({ category: z.enum(GAME_CATEGORIES), rate: z.number() })),
  /** The member's VIP level multiplier in percent (100 = no change). */
  vipMultiplierPct: z.number().int(),
  /** `conversionPoints` points convert to `conversionAmount` of cash. */
  conversionPoints: z.number().int(),
  conversionAmount: z.string(),
  minConversion: z.number().int(),
  currency: z.string(),
  currencyScale: z.number().int(),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;

/** One item of the mall as players see it. */
export const mallItemSchema = z.object({
  id: z.string(),
  namePt: z.string(),
  nameEn: z.string(),
  kind: z.enum(MALL_ITEM_KINDS),
  points: pointsSchema,
  /** Cash items: what they pay; bonus items: the bonus money they give. */
  cashAmount: z.string().nullable(),
  /** Null: unlimited. */
  stock: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
});
export type MallItem = z.infer<typeof mallItemSchema>;

/** MCS2_getPointReward: the mall's live items. */
export const mallItemListSchema = z.object({ list: z.array(mallItemSchema) });

/** passwordCheck/MCS2_redeemPointReward (encrypted: it carries the payment password). */
export const redeemPointRewardBodySchema = z.object({
  itemId: z.string().regex(/^\d{1,18}$/),
  paymentPassword: z.string().min(1).max(64),
  /** Makes a retried redeem the same redeem. */
  idempotencyKey: idempotencyKeySchema,
});
export type RedeemPointRewardBody = z.input<typeof redeemPointRewardBodySchema>;

/** A redemption, as its member sees it in the redeem history. */
export const redemptionSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  namePt: z.string(),
  nameEn: z.string(),
  kind: z.enum(MALL_ITEM_KINDS),
  points: pointsSchema,
  status: z.enum(REDEMPTION_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

/** What a redeem answers: the redemption and the points left. */
export const redeemResultSchema = z.object({ redemption: redemptionSchema, points: pointsSchema });
export type RedeemResult = z.infer<typeof redeemResultSchema>;

/** A page request of the player's lists (newest first). */
export const pointsPageRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type PointsPageRequest = z.input<typeof pointsPageRequestSchema>;

/** MCS2_getRedeemPointList: the member's redemptions, optionally of one status. */
export const redeemListRequestSchema = pointsPageRequestSchema.extend({
  status: z.enum(REDEMPTION_STATUSES).optional(),
});
export const redeemListSchema = z.object({
  list: z.array(redemptionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RedeemList = z.infer<typeof redeemListSchema>;

/** ODSFE2_MemTransDet: the member's points movements, newest first. */
export const pointsMovementSchema = z.object({
  id: z.string(),
  kind: z.enum(POINTS_MOVEMENT_KINDS),
  /** Signed: earned and returned points are positive, spent ones negative. */
  points: z.string().regex(/^-?\d+$/),
  balanceAfter: pointsSchema,
  createdAt: z.string(),
});
export type PointsMovement = z.infer<typeof pointsMovementSchema>;
export const pointsMovementListSchema = z.object({
  list: z.array(pointsMovementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PointsMovementList = z.infer<typeof pointsMovementListSchema>;

/** passwordCheck/MCS2_convertPoint (encrypted): points to cash at the operator's rate. */
export const convertPointBodySchema = z.object({
  points: pointsInputSchema,
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
});
export type ConvertPointBody = z.input<typeof convertPointBodySchema>;
/** Points taken, the cash paid and the points left. Points left over below one conversion step stay. */
export const convertPointResultSchema = z.object({
  points: pointsSchema,
  convertedPoints: pointsSchema,
  cashAmount: z.string(),
});
export type ConvertPointResult = z.infer<typeof convertPointResultSchema>;

// ---- back office ----

/** GET/PUT /ops/points/settings. */
export const opsPointsSettingsSchema = z.object({
  earnRates: z.array(z.object({ category: z.enum(GAME_CATEGORIES), rate: z.number().min(0).max(1000) })),
  conversionPoints: z.number().int().min(1).max(1_000_000_000),
  conversionAmount: majorAmountSchema,
  minConversion: z.number().int().min(1).max(1_000_000_000),
});
export type OpsPointsSettings = z.infer<typeof opsPointsSettingsSchema>;
export type OpsPointsSettingsInput = z.input<typeof opsPointsSettingsSchema>;

/** A mall item as operators edit it. `imageDataUrl`: a new picture (png/jpg/webp data: URL); absent keeps the current one. */
export const opsMallItemBodySchema = z.object({
  namePt: z.string().trim().min(1).max(80),
  nameEn: z.string().trim().min(1).max(80),
  kind: z.enum(MALL_ITEM_KINDS),
  points: pointsInputSchema,
  cashAmount: majorAmountSchema.optional(),
  stock: z.number().int().min(0).max(1_000_000_000).nullable(),
  status: z.enum(['active', 'archived']).default('active'),
  sortOrder: z.number().int().min(0).max(100_000).default(0),
  imageDataUrl: z.string().max(3_000_000).optional(),
});
export type OpsMallItemBody = z.input<typeof opsMallItemBodySchema>;
/** Which set-up ceiling a mall item's cash value passed: one redemption's, or its stock's together. */
export const MALL_CEILING_REASONS = ['setup_item', 'setup_period'] as const;
export const opsMallItemSchema = mallItemSchema.extend({
  /** `awaiting_approval`: offered above a set-up ceiling, not in the mall until a second operator decides. */
  status: z.enum(['awaiting_approval', 'active', 'archived']),
  sortOrder: z.number().int(),
  ceilingReasons: z.array(z.enum(MALL_CEILING_REASONS)),
  askedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type OpsMallItem = z.infer<typeof opsMallItemSchema>;
export const opsMallItemListSchema = z.object({ list: z.array(opsMallItemSchema) });
/** POST /ops/points/items/:id/approve|reject: a second operator's decision on a waiting item. */
export const opsMallItemDecisionSchema = z.object({ reason: opsReasonSchema });
export type OpsMallItemDecision = z.infer<typeof opsMallItemDecisionSchema>;

/** The redeem queue. */
export const opsRedemptionQuerySchema = opsListQuerySchema(['createdAt'] as const).extend({
  status: z.enum(REDEMPTION_STATUSES).optional(),
});
export type OpsRedemptionQuery = z.input<typeof opsRedemptionQuerySchema>;
export const opsRedemptionSchema = redemptionSchema.extend({
  memberId: z.string(),
  account: z.string(),
  resolvedBy: z.string().nullable(),
});
export type OpsRedemption = z.infer<typeof opsRedemptionSchema>;
export const opsRedemptionPageSchema = opsPageSchema(opsRedemptionSchema);
/** Approve (fulfilled) or reject (points returned) with the operator's reason. */
export const opsRedemptionDecisionSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  reason: opsReasonSchema,
});
export type OpsRedemptionDecision = z.infer<typeof opsRedemptionDecisionSchema>;
