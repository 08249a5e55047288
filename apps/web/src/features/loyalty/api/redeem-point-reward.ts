import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeemPointRewardBody, RedeemResult } from '@wps/shared/schemas/points';
import { apiRequest } from '../../../lib/api-client';

export { redeemPointRewardBodySchema } from '@wps/shared/schemas/points';

/** POST /wps/relay/passwordCheck/MCS2_redeemPointReward (token, encrypted: it carries the payment password). */
export function redeemPointReward(body: RedeemPointRewardBody): Promise<RedeemResult> {
  return apiRequest<RedeemResult>('/wps/relay/passwordCheck/MCS2_redeemPointReward', {
    method: 'POST',
    body,
    encrypted: true,
  });
}

/** Refreshes the points, the mall's stock, the history and (a cash item) the balance. */
export function useRedeemPointReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemPointReward,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
