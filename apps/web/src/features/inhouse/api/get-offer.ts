import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InhouseOffer } from '@wps/shared/schemas/inhouse-certificates';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/inhouse/offer (public): the in-house games the licence in force hides (an original with no lab certificate under BR). */
export function getInhouseOffer(): Promise<InhouseOffer> {
  return apiRequest<InhouseOffer>('/wps/inhouse/offer', { method: 'GET' });
}

export function inhouseOfferQueryOptions() {
  return queryOptions({ queryKey: ['inhouse', 'offer'], queryFn: getInhouseOffer, staleTime: 60_000 });
}

/** What the studio's lobby leaves out and its game pages explain. */
export function useInhouseOffer() {
  return useQuery(inhouseOfferQueryOptions());
}
