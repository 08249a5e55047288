import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RgSetLimitsBody, RgStatus } from '@wps/shared/schemas/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';

/** PUT /wps/responsible-gaming/limits (token): new limits and decreases apply at once, increases and removals wait 24 hours. */
export function setLimits(body: RgSetLimitsBody): Promise<RgStatus> {
  return apiRequest<RgStatus>('/wps/responsible-gaming/limits', { method: 'PUT', body });
}

export function useSetLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLimits,
    onSuccess: (status) => queryClient.setQueriesData({ queryKey: ['member', 'responsible-gaming'] }, status),
  });
}
