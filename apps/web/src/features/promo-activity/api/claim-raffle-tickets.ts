import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PROMO_QUERY_KEY } from './list-activities';

export type ClaimedTickets = { raffleId: string; claimed: number[]; tickets: number[]; ticketCount: number };

/** POST /wps/relay/MCS2_claimRafflePromotion (token): the caller's waiting tickets join the draw. */
export function claimRaffleTickets(raffleId: string): Promise<ClaimedTickets> {
  return apiRequest<ClaimedTickets>('/wps/relay/MCS2_claimRafflePromotion', { method: 'POST', body: { raffleId } });
}

export function useClaimRaffleTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRaffleTickets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEY }),
  });
}
