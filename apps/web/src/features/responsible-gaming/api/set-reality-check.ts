import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RgStatus } from '@wps/shared/schemas/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';

/** PUT /wps/responsible-gaming/reality-check (token): the reality check's interval in minutes, or none. */
export function setRealityCheck(minutes: number | null): Promise<RgStatus> {
  return apiRequest<RgStatus>('/wps/responsible-gaming/reality-check', { method: 'PUT', body: { minutes } });
}

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRealityCheck,
    onSuccess: (status) => {
      queryClient.setQueriesData({ queryKey: ['member', 'responsible-gaming'] }, status);
      // The dialog's interval comes with the session's figures: ask for them again now.
      void queryClient.invalidateQueries({ queryKey: ['member', 'responsible-gaming-session'] });
    },
  });
}
