import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity } from '@wps/shared/schemas/promo';
import { apiRequest } from '../../../lib/api-client';
import { PROMO_QUERY_KEY } from './list-activities';

/** POST /wps/promo/join (token): join the promotion for the current period. */
export function joinPromotion(promotionId: string): Promise<Activity> {
  return apiRequest<Activity>('/wps/promo/join', { method: 'POST', body: { promotionId } });
}

/** Join: refreshes the statuses (and the count of what can be joined). */
export function useJoinPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinPromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEY }),
  });
}
