import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Grant } from '@wps/shared/schemas/rewards';
import { apiRequest } from '../../../lib/api-client';
import { BALANCE_QUERY_KEY } from '../../../lib/api/get-balance';
import { GRANTS_QUERY_KEY } from './list-grants';

/** POST /wps/rewards/grants/:id/claim (token): pay a reward waiting for the player's claim. */
export function claimGrant(id: string): Promise<Grant> {
  return apiRequest<Grant>(`/wps/rewards/grants/${encodeURIComponent(id)}/claim`, { method: 'POST' });
}

/** Claim a reward; the list and the balance are read again. */
export function useClaimGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimGrant,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: GRANTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
      ]);
    },
  });
}
