import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InhouseAuth, RotateSeedResult } from '@wps/shared/schemas/inhouse';
import { apiRequest } from '../../../lib/api-client';
import { FAIR_QUERY_KEY } from './get-fair-state';

/** POST /wps/inhouse/fair/rotate: reveal the current server seed and commit to a new one. */
export function rotateSeed(auth: InhouseAuth): Promise<RotateSeedResult> {
  return apiRequest<RotateSeedResult>('/wps/inhouse/fair/rotate', { method: 'POST', body: auth });
}

/** Rotate the server seed; refreshes the fairness panel. */
export function useRotateSeed(auth: InhouseAuth) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateSeed(auth),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FAIR_QUERY_KEY }),
  });
}
