import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RgLimitKind, RgStatus } from '@wps/shared/schemas/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/responsible-gaming/limits/cancel (token): drop a waiting increase or removal. */
export function cancelLimit(kind: RgLimitKind): Promise<RgStatus> {
  return apiRequest<RgStatus>('/wps/responsible-gaming/limits/cancel', { method: 'POST', body: { kind } });
}

export function useCancelLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLimit,
    onSuccess: (status) => queryClient.setQueriesData({ queryKey: ['member', 'responsible-gaming'] }, status),
  });
}
