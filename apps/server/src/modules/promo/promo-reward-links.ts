import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { Rule } from '@wps/shared/schemas/rewards';
import {
  promoActionOf,
  promoRewardWarning,
  type PromoOffer,
  type PromoRewardLinkBody,
  type PromoRewardLinkList,
  type PromoRewardLinks,
  type PromoRule,
} from '@wps/shared/schemas/promo-rewards';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { ContentService } from '../content/content.service';
import type { PromoActivityService } from './promo-activity.service';
import { findAllSettings, findSettings } from './promo.repository';
import { findRewardLinks, replaceRewardLinks } from './promo-reward-links.repository';

type Db = Kysely<Database>;

export type PromoRewardLinksContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  content: Pick<ContentService, 'getItem' | 'live'>;
  /** The rewards engine's rules (all, or those named), read in the caller's transaction. */
  rules: (db: Db, ids?: readonly string[]) => Promise<Rule[]>;
  activity: Pick<PromoActivityService, 'join'>;
};

/** A promotion as the publish check reads it (the content module hands it over in its transaction). */
export type PromotionForPublish = { id: string; kind: string; bonusOffer: boolean };

function ruleView(rule: Rule): PromoRule {
  return {
    id: rule.id,
    name: rule.name,
    status: rule.status,
    trigger: rule.trigger,
    needsOptIn: rule.conditions.joinedPromotion === true,
    optInPromotionId: rule.promotionId,
  };
}

/**
 * The reward rules that pay what a promotion promises (docs/decisions.md, "A promotion pays what it
 * promises"): the operator links them in the promotion's editor; a promotion flagged as offering a
 * bonus is not published (nor kept published by an edit) without a live one; the player site reads
 * each live promotion's call to action from its live rules, and the deposit form the promotions
 * whose deposit rule needs the player's opt-in, which the deposit order carries (`optIn`).
 */
export function createPromoRewardLinks(ctx: PromoRewardLinksContext) {
  const { db, audit, content } = ctx;

  async function linkedRules(trx: Db, promotionIds?: readonly string[]) {
    const [links, rules] = await Promise.all([findRewardLinks(trx, promotionIds), ctx.rules(trx)]);
    const byId = new Map(rules.map((r) => [r.id, ruleView(r)]));
    const of = (promotionId: string) =>
      (links.get(promotionId) ?? []).map((id) => byId.get(id)).filter((r): r is PromoRule => r !== undefined);
    return { links, rules: [...byId.values()], of };
  }

  /** The live promotions in a language with their call to action (only those some live rule pays). */
  async function offers(language: string | undefined): Promise<PromoOffer[]> {
    const [live, settings] = await Promise.all([content.live('promotion', language), findAllSettings(db)]);
    const { of } = await linkedRules(
      db,
      live.map((p) => p.id),
    );
    const modes = new Map(settings.map((s) => [s.promotionId, s.mode]));
    const out: PromoOffer[] = [];
    for (const promotion of live) {
      const rules = of(promotion.id);
      if (!rules.some((r) => r.status === 'live')) continue;
      out.push({
        promotionId: promotion.id,
        title: promotion.title,
        ...promoActionOf(rules, modes.get(promotion.id) ?? null),
      });
    }
    return out;
  }

  return {
    /** GET /ops/promo/reward-rules: every promotion's links and every rule (the picker's). */
    async list(): Promise<PromoRewardLinkList> {
      const { links, rules, of } = await linkedRules(db);
      return { list: [...links.keys()].map((promotionId) => ({ promotionId, rules: of(promotionId) })), rules };
    },

    /**
     * PUT /ops/promo/reward-rules/:promotionId: the rules that pay a promotion. Each must exist; one
     * that needs the player's opt-in must be the promotion's own (its `joinedPromotion` asks about
     * that promotion's join), on a promotion players join (mode join). A published promotion that
     * offers a bonus keeps a live one. Audited `promo.reward_rules`.
     */
    async save(operatorId: string, promotionId: string, body: PromoRewardLinkBody): Promise<PromoRewardLinks> {
      const item = await content.getItem(promotionId);
      if (item.kind !== 'promotion')
        throw new AppError(ErrorCode.CONTENT_NOT_FOUND, 'Not a promotion', { promotionId });
      const settings = await findSettings(db, promotionId);
      return runInTransaction(db, async (trx) => {
        const { of, rules } = await linkedRules(trx, [promotionId]);
        const byId = new Map(rules.map((r) => [r.id, r]));
        const chosen: PromoRule[] = [];
        for (const [index, id] of body.ruleIds.entries()) {
          const rule = byId.get(id);
          const field = `ruleIds.${index}`;
          if (!rule)
            throw new AppError(ErrorCode.PROMO_REWARD_RULE_INVALID, 'No such rule', { field, reason: 'unknown' });
          if (rule.needsOptIn && (rule.optInPromotionId !== promotionId || settings?.mode !== 'join'))
            throw new AppError(
              ErrorCode.PROMO_REWARD_RULE_INVALID,
              "A rule that needs the player's opt-in pays this promotion only as its own promotion, joined by players",
              { field, reason: 'opt_in_elsewhere' },
            );
          chosen.push(rule);
        }
        if (item.status === 'published' && promoRewardWarning(item.bonusOffer, chosen))
          throw new AppError(
            ErrorCode.PROMO_REWARD_RULE_MISSING,
            'A published promotion that offers a bonus keeps a live rule that pays it',
            { promotionId },
          );
        const before = of(promotionId).map((r) => r.id);
        await replaceRewardLinks(trx, promotionId, body.ruleIds);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'promo.reward_rules',
          subjectType: 'promotion',
          subjectId: promotionId,
          reason: body.reason,
          before: { ruleIds: before },
          after: { ruleIds: body.ruleIds },
        });
        return { promotionId, rules: chosen };
      });
    },

    /**
     * The content module's check before a promotion goes (or stays) published, in its transaction:
     * one that offers a bonus needs a live linked rule, or 409 PROMO_REWARD_RULE_MISSING.
     */
    async assertPublishable(trx: Db, item: PromotionForPublish): Promise<void> {
      if (item.kind !== 'promotion' || !item.bonusOffer) return;
      const { of } = await linkedRules(trx, [item.id]);
      if (promoRewardWarning(true, of(item.id)))
        throw new AppError(
          ErrorCode.PROMO_REWARD_RULE_MISSING,
          'A promotion that offers a bonus is published only with a live rule that pays it',
          { promotionId: item.id },
        );
    },

    /** GET /wps/promo/offers: the live promotions some live rule pays, with their call to action. */
    offers,

    /**
     * The deposit order's opt-ins: each promotion must be offered with an opt-in now (a live rule
     * paying on the deposit needs it), else 422 PROMO_REWARD_RULE_INVALID; the opt-in is the
     * promotion's join for the current period (the rule's `joinedPromotion`), once per period.
     */
    async optIn(memberId: string, promotionIds: readonly string[]): Promise<void> {
      if (promotionIds.length === 0) return;
      const offered = new Set((await offers(undefined)).filter((o) => o.optIn).map((o) => o.promotionId));
      for (const [index, promotionId] of promotionIds.entries())
        if (!offered.has(promotionId))
          throw new AppError(ErrorCode.PROMO_REWARD_RULE_INVALID, 'This promotion takes no opt-in now', {
            field: `optInPromotionIds.${index}`,
            reason: 'no_opt_in',
          });
      for (const promotionId of promotionIds) {
        try {
          await ctx.activity.join(memberId, promotionId);
        } catch (err) {
          // Joined already in this period (its page's Participar, or an earlier order): opted in.
          if (!(err instanceof AppError && err.errorCode === ErrorCode.PROMO_ALREADY_DONE)) throw err;
        }
      }
    },
  };
}

export type PromoRewardLinksService = ReturnType<typeof createPromoRewardLinks>;
