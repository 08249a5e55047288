import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@wps/shared/schemas/system';
import { apiRequest } from '../api-client';

/** GET /wps/system/country: the dialing-code list for the country pickers. */
export function getCountries(): Promise<Country[]> {
  return apiRequest<Country[]>('/wps/system/country');
}

export const countriesQueryOptions = queryOptions({
  queryKey: ['system', 'countries'],
  queryFn: getCountries,
  staleTime: Infinity,
});

/** Countries with dialing codes; fetched once per page view. */
export function useCountries() {
  return useQuery(countriesQueryOptions);
}
