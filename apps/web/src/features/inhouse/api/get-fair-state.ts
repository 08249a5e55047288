import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FairState, InhouseAuth } from '@wps/shared/schemas/inhouse';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/inhouse/fair (game session): the committed server seed hash, client seed, nonce, last revealed seed, recent rounds. */
export function getFairState(auth: InhouseAuth): Promise<FairState> {
  return apiRequest<FairState>('/wps/inhouse/fair', { method: 'POST', body: auth });
}

/** Query key prefix of everything provably-fair; plays and seed changes invalidate it. */
export const FAIR_QUERY_KEY = ['inhouse', 'fair'] as const;

export function fairStateQueryOptions(auth: InhouseAuth) {
  return queryOptions({
    queryKey: [...FAIR_QUERY_KEY, auth.playerId, auth.sessionToken],
    queryFn: () => getFairState(auth),
  });
}

/** The player's provably-fair state. */
export function useFairState(auth: InhouseAuth) {
  return useQuery(fairStateQueryOptions(auth));
}
