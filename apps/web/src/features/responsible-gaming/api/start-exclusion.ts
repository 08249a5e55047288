import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RgSelfExclusionBody, RgTimeOutBody } from '@wps/shared/schemas/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';
import { noteSessionEnded } from '../../../lib/session-end';
import { clearSession } from '../../../lib/session-storage';

type Started = { kind: 'time_out' | 'self_exclusion'; startsAt: string; endsAt: string | null };

/** POST /wps/responsible-gaming/time-out (token). */
export function startTimeOut(body: RgTimeOutBody): Promise<Started> {
  return apiRequest<Started>('/wps/responsible-gaming/time-out', { method: 'POST', body });
}

/** POST /wps/responsible-gaming/self-exclusion (token). */
export function startSelfExclusion(body: RgSelfExclusionBody): Promise<Started> {
  return apiRequest<Started>('/wps/responsible-gaming/self-exclusion', { method: 'POST', body });
}

/**
 * Start a time-out or self-exclusion: the server has ended every session, so this one is forgotten
 * here too and the player is told why (the session-ended dialog).
 */
export function useStartExclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { kind: 'time_out'; body: RgTimeOutBody } | { kind: 'self_exclusion'; body: RgSelfExclusionBody },
    ) => (input.kind === 'time_out' ? startTimeOut(input.body) : startSelfExclusion(input.body)),
    onSuccess: (started) => {
      noteSessionEnded({ sessionEnded: started.kind === 'time_out' ? 'time_out' : 'self_excluded' });
      clearSession();
      queryClient.removeQueries({ queryKey: ['member'] });
    },
  });
}
