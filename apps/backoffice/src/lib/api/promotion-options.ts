import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { opsRequest } from '../api-client';

/** GET /ops/content?kind=promotion (content.read): the promotions to pick from (promotions' settings and raffles, a reward rule's promotion), newest first (the last 100). */
export function fetchPromotionOptions(): Promise<OpsContentItem[]> {
  return opsRequest<OpsPage<OpsContentItem>>('/ops/content?kind=promotion&pageSize=100').then((page) => page.list);
}

export function usePromotionOptions() {
  return useQuery(
    queryOptions({
      queryKey: ['ops', 'promo', 'promotion-options'],
      queryFn: fetchPromotionOptions,
      staleTime: 60_000,
    }),
  );
}
