import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoRewardLinkList, PromoRule } from '@wps/shared/schemas/promo-rewards';
import { opsRequest } from '../../../lib/api-client';
import { contentKey } from './content-list';

/** GET /ops/promo/reward-rules (promotions.write): every promotion's linked rules, and every rule. */
export function fetchPromotionRules(): Promise<PromoRewardLinkList> {
  return opsRequest<PromoRewardLinkList>('/ops/promo/reward-rules');
}

/** Under the content key, so a save of an item or of its rules refreshes the lists' warnings. */
export function promotionRulesQuery(enabled = true) {
  return queryOptions({
    queryKey: [...contentKey, 'promotion-rules'],
    queryFn: fetchPromotionRules,
    enabled,
  });
}

/** The links by promotion, and every rule (the editor's picker offers the live ones). */
export function usePromotionRules(enabled = true) {
  const query = useQuery(promotionRulesQuery(enabled));
  const links = new Map<string, PromoRule[]>((query.data?.list ?? []).map((l) => [l.promotionId, l.rules]));
  return { ...query, links, rules: query.data?.rules ?? [] };
}
