import type { PromoRewardLinkBody, PromoRewardLinks } from '@wps/shared/schemas/promo-rewards';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { contentKey } from './content-list';

export type SavePromotionRulesInput = { promotionId: string; body: PromoRewardLinkBody };

/**
 * PUT /ops/promo/reward-rules/:promotionId (promotions.write): the rules that pay a promotion. A
 * published promotion that offers a bonus keeps a live one (409 PROMO_REWARD_RULE_MISSING).
 */
export function savePromotionRules({ promotionId, body }: SavePromotionRulesInput): Promise<PromoRewardLinks> {
  return opsRequest<PromoRewardLinks>(`/ops/promo/reward-rules/${encodeURIComponent(promotionId)}`, {
    method: 'PUT',
    body,
  });
}

export function useSavePromotionRules() {
  return useOpsMutation({ mutationFn: savePromotionRules, invalidates: [contentKey] });
}
