import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenceView } from '@wps/shared/schemas/licence';
import { opsRequest } from '../../../lib/api-client';

export const licenceKey = ['ops', 'licence'] as const;

/** GET /ops/licence (settings.read): the profile in force, its rules with their sources, the doors, the switch waiting. */
export const licenceQuery = queryOptions({
  queryKey: licenceKey,
  queryFn: () => opsRequest<LicenceView>('/ops/licence'),
});

export function useLicence() {
  return useQuery(licenceQuery);
}
