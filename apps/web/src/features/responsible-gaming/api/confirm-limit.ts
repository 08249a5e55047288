import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RgLimitKind, RgStatus } from '@wps/shared/schemas/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/responsible-gaming/limits/confirm (token): apply an increase or removal whose 24 hours have passed. */
export function confirmLimit(kind: RgLimitKind): Promise<RgStatus> {
  return apiRequest<RgStatus>('/wps/responsible-gaming/limits/confirm', { method: 'POST', body: { kind } });
}

export function useConfirmLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLimit,
    onSuccess: (status) => queryClient.setQueriesData({ queryKey: ['member', 'responsible-gaming'] }, status),
  });
}
