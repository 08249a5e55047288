import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inhouseClientSeedBodySchema, type FairState, type InhouseAuth } from '@wps/shared/schemas/inhouse';
import { apiRequest } from '../../../lib/api-client';
import { FAIR_QUERY_KEY } from './get-fair-state';

/** The form's schema: the client seed alone (the session is added by the page). */
export const clientSeedFormSchema = inhouseClientSeedBodySchema.pick({ clientSeed: true });

/** POST /wps/inhouse/fair/client-seed: the client seed for the following rounds. */
export function setClientSeed(auth: InhouseAuth, clientSeed: string): Promise<FairState> {
  return apiRequest<FairState>('/wps/inhouse/fair/client-seed', { method: 'POST', body: { ...auth, clientSeed } });
}

/** Set the client seed; refreshes the fairness panel. */
export function useSetClientSeed(auth: InhouseAuth) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) => setClientSeed(auth, clientSeed),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FAIR_QUERY_KEY }),
  });
}
