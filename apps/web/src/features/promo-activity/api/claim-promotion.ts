import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity } from '@wps/shared/schemas/promo';
import { apiRequest } from '../../../lib/api-client';
import { BALANCE_QUERY_KEY } from '../../../lib/api/get-balance';
import { PROMO_QUERY_KEY } from './list-activities';

/** POST /wps/promo/claim (token): claim the approved application's reward. */
export function claimPromotion(promotionId: string): Promise<Activity> {
  return apiRequest<Activity>('/wps/promo/claim', { method: 'POST', body: { promotionId } });
}

/** Claim: refreshes the statuses and the header balance (a cash reward lands in the wallet). */
export function useClaimPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPromotion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
      ]),
  });
}
