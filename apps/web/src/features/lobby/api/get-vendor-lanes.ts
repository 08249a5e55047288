import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorLanes } from '@wps/shared/schemas/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { readSessionCache, writeSessionCache } from '../../../lib/session-cache';
import { deriveVendors } from '../vendor-lanes';

/** The lanes are cached in session storage under `gameVendor`. */
const STORAGE_KEY = 'gameVendor';

function readCachedLanes(): VendorLanes | undefined {
  return readSessionCache<VendorLanes>(STORAGE_KEY, (data) => Array.isArray((data as VendorLanes | null)?.lanes));
}

/** POST /wps/relay/GCSGAME_newGameVendor (public; platform html5-desktop). */
export async function getVendorLanes(): Promise<VendorLanes> {
  const lanes = await apiRequest<VendorLanes>('/wps/relay/GCSGAME_newGameVendor', {
    method: 'POST',
    body: { platform: 'html5-desktop' },
  });
  writeSessionCache(STORAGE_KEY, lanes);
  return lanes;
}

/** The session copy shows at once; a fresh copy replaces it (maintenance switches show within a minute). */
export function vendorLanesQueryOptions() {
  return queryOptions({
    queryKey: ['lobby', 'vendors'],
    queryFn: getVendorLanes,
    placeholderData: readCachedLanes,
    staleTime: 60_000,
  });
}

/** The lanes with sortingVendor, mappingVendor and hotVendor derived from them. */
export function useVendorLanes() {
  const query = useQuery(vendorLanesQueryOptions());
  const lanes = query.data?.lanes;
  return { ...query, lanes: lanes ?? [], ...deriveVendors(lanes ?? []) };
}
