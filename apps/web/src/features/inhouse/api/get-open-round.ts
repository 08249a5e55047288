import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { OpenRound } from '@wps/shared/schemas/inhouse-steps';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/inhouse/round (game session): the player's open mines or hi-lo round, to resume it, or null. */
export function getOpenRound(auth: InhouseAuth): Promise<OpenRound> {
  return apiRequest<OpenRound>('/wps/inhouse/round', { method: 'POST', body: auth });
}

export function openRoundQueryOptions(auth: InhouseAuth) {
  return queryOptions({
    queryKey: ['inhouse', 'open-round', auth.playerId, auth.sessionToken],
    queryFn: () => getOpenRound(auth),
    // Read once when the page opens: from then on the page holds the round itself.
    staleTime: Infinity,
  });
}

/** The open round the page resumes when it opens (a closed tab, a restart). */
export function useOpenRound(auth: InhouseAuth) {
  return useQuery(openRoundQueryOptions(auth));
}
