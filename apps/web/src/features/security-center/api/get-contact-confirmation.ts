import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactConfirmation } from '@wps/shared/schemas/identity';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/member/contact-confirmation (token): whether the account still has to confirm an e-mail or a mobile. */
export function getContactConfirmation(): Promise<ContactConfirmation> {
  return apiRequest<ContactConfirmation>('/wps/member/contact-confirmation');
}

/** Under ['member'], so a link (which refreshes member queries) and logout refresh or forget it. */
export function contactConfirmationQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'contact-confirmation', token],
    queryFn: getContactConfirmation,
    enabled: token !== null,
  });
}

export function useContactConfirmation() {
  return useQuery(contactConfirmationQueryOptions(useToken()));
}
