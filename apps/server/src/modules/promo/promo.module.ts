import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { ContentService } from '../content/content.service';
import type { LicenceService } from '../licence/licence.service';
import { createMemberViews } from '../member/member-views';
import type { OperatorMoneyService } from '../operator-money/operator-money.service';
import type { RewardEventStream } from '../rewards/reward-events';
import { raffleTicketRuleBreaches, rewardRuleViews } from '../rewards/reward-rules';
import type { RewardsService } from '../rewards/rewards.service';
import type { SystemService } from '../system/system.service';
import { createPromoActivityService } from './promo-activity.service';
import { createPromoReviewService } from './promo-review.service';
import { createPromoRewardLinks } from './promo-reward-links';
import { createRaffleService } from './raffle.service';

/**
 * Promotions' activity (join, apply, claim, per period) and raffles, on the rewards engine's
 * grants; the join is a fact the engine's rules read, and raffle tickets are paid by this module's
 * sink. The rules that pay what each promotion promises: a promotion offering a bonus is published
 * only with a live one, and a deposit order's opt-ins are the promotions' joins (docs/decisions.md,
 * "A promotion pays what it promises").
 */
export function wirePromo(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    system: SystemService;
    content: ContentService;
    rewardEvents: RewardEventStream;
    rewards: RewardsService;
    operatorMoney: OperatorMoneyService;
    licence: LicenceService;
  },
) {
  const { audit, system, content, rewardEvents, rewards, operatorMoney, licence } = deps;
  const memberViews = createMemberViews(ctx);
  const licenceProfile = (db: AppContext['db']) => licence.policy.profile(db);
  const promoActivity = createPromoActivityService({
    db: ctx.db,
    content,
    system,
    rewardEvents,
    rewards,
    rules: rewardRuleViews,
  });
  rewards.setFacts({ joinedPromotion: promoActivity.joinedPromotion });
  const promoRewards = createPromoRewardLinks({
    db: ctx.db,
    audit,
    content,
    rules: rewardRuleViews,
    activity: promoActivity,
  });
  const promoReview = createPromoReviewService({
    licenceProfile,
    db: ctx.db,
    audit,
    content,
    memberViews,
    rewardEvents,
    rewards,
    moneyPolicy: operatorMoney.policy,
  });
  const raffles = createRaffleService({
    licenceProfile,
    ticketRuleBreaches: raffleTicketRuleBreaches,
    db: ctx.db,
    audit,
    content,
    memberViews,
    system,
    rewards,
    setups: operatorMoney.setups,
  });
  return { promoActivity, promoRewards, promoReview, raffles };
}
