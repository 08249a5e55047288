import { z } from 'zod';
import { opsReasonSchema } from './ops-list';
import type { PromoMode } from './promo';

/*
 * A promotion pays what it promises (docs/decisions.md, "A promotion pays what it promises"): the
 * reward rules linked to a promotion (the promo module's links, migration 0687), the back office's
 * warning when a promotion that offers a bonus has no live one, and the call to action the player
 * site offers on its page. Server and both sites decide with the functions below, so they agree.
 */

const id = z.string().regex(/^\d{1,18}$/);

/** At most this many rules pay one promotion. */
export const PROMO_MAX_RULES = 20;

/** A reward rule as a promotion's editor, its warnings and its call to action read it. */
export const promoRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['draft', 'live', 'paused', 'ended']),
  trigger: z.string(),
  /** The rule pays only players who opted in: its condition `joinedPromotion` (a join of its promotion in the period). */
  needsOptIn: z.boolean(),
  /** The promotion whose join the rule asks about (the rule's own promotion), null when none. */
  optInPromotionId: z.string().nullable(),
});
export type PromoRule = z.infer<typeof promoRuleSchema>;

/** One promotion's linked rules. */
export const promoRewardLinksSchema = z.object({ promotionId: z.string(), rules: z.array(promoRuleSchema) });
export type PromoRewardLinks = z.infer<typeof promoRewardLinksSchema>;

/** GET /ops/promo/reward-rules: every promotion's linked rules, and every rule (the editor's picker offers the live ones). */
export const promoRewardLinkListSchema = z.object({
  list: z.array(promoRewardLinksSchema),
  rules: z.array(promoRuleSchema),
});
export type PromoRewardLinkList = z.infer<typeof promoRewardLinkListSchema>;

/** PUT /ops/promo/reward-rules/:promotionId: the rules that pay the promotion (replaces the links). */
export const promoRewardLinkBodySchema = z.object({
  ruleIds: z
    .array(id)
    .max(PROMO_MAX_RULES)
    .refine((ids) => new Set(ids).size === ids.length, 'a rule appears twice'),
  reason: opsReasonSchema,
});
export type PromoRewardLinkBody = z.infer<typeof promoRewardLinkBodySchema>;

/** The promotion's call to action: Depositar (the deposit flow) or Participar (the promotion's join). */
export const PROMO_ACTIONS = ['deposit', 'join'] as const;
export type PromoAction = (typeof PROMO_ACTIONS)[number];

/** A live promotion as the player site offers it, from its live linked rules. */
export const promoOfferSchema = z.object({
  promotionId: z.string(),
  title: z.string(),
  /** null: no call to action (no live rule pays it, or nothing for the player to do). */
  action: z.enum(PROMO_ACTIONS).nullable(),
  /** A live rule pays only players who opted in: the deposit form lists it, ticked when the player came from its page. */
  optIn: z.boolean(),
});
export type PromoOffer = z.infer<typeof promoOfferSchema>;
/** GET /wps/promo/offers (token optional, Language header): the live promotions some live rule pays. */
export const promoOfferListSchema = z.object({ list: z.array(promoOfferSchema) });

/** Why the back office warns about a promotion: it offers a bonus and no linked rule is live. */
export type PromoRewardWarning = 'no_live_rule';

/**
 * The warning of a promotion: one that offers a bonus (its `bonusOffer` flag, set by the operator)
 * with no live linked rule promises what nothing pays. It cannot be published so; once published,
 * a linked rule paused or ended later brings the warning back and its call to action goes.
 */
export function promoRewardWarning(
  bonusOffer: boolean,
  rules: readonly Pick<PromoRule, 'status'>[],
): PromoRewardWarning | null {
  return bonusOffer && !rules.some((r) => r.status === 'live') ? 'no_live_rule' : null;
}

/**
 * The call to action from a promotion's live linked rules: Depositar when one pays on a credited
 * deposit (its opt-in wanted when such a rule needs one); Participar when a live rule needs the
 * player's opt-in and the promotion is joined (mode join); none otherwise.
 */
export function promoActionOf(
  rules: readonly Pick<PromoRule, 'status' | 'trigger' | 'needsOptIn'>[],
  mode: PromoMode | null,
): { action: PromoAction | null; optIn: boolean } {
  const live = rules.filter((r) => r.status === 'live');
  const onDeposit = live.filter((r) => r.trigger === 'deposit_credited');
  if (onDeposit.length > 0) return { action: 'deposit', optIn: onDeposit.some((r) => r.needsOptIn) };
  if (mode === 'join' && live.some((r) => r.needsOptIn)) return { action: 'join', optIn: true };
  return { action: null, optIn: false };
}
