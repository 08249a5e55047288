import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorLanes } from '@wps/shared/schemas/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { getSessionValue, setSessionValue } from '../../../lib/session-storage';
import { deriveVendors } from '../vendor-lanes';

/** The lanes are cached in session storage under `gameVendor`. */
const STORAGE_KEY = 'gameVendor';

function readCachedLanes(): VendorLanes | undefined {
  const raw = getSessionValue(STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as VendorLanes;
    return Array.isArray(parsed.lanes) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** POST /wps/relay/GCSGAME_newGameVendor (public; platform html5-desktop). */
export async function getVendorLanes(): Promise<VendorLanes> {
  const lanes = await apiRequest<VendorLanes>('/wps/relay/GCSGAME_newGameVendor', {
    method: 'POST',
    body: { platform: 'html5-desktop' },
  });
  setSessionValue(STORAGE_KEY, JSON.stringify(lanes));
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
