import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RebateClaimResult } from '@wps/shared/schemas/rebate';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/rebate/claim (token): an ended period's rebate, paid once. */
export function claimRebate(periodKey: string): Promise<RebateClaimResult> {
  return apiRequest<RebateClaimResult>('/wps/rebate/claim', { method: 'POST', body: { periodKey } });
}

/** A claim moves money: the whole ['member'] tree (balance, this page) is fetched again, paid or refused. */
export function useClaimRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRebate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
