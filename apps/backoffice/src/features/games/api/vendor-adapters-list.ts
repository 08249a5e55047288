import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsVendorAdapter } from '@wps/shared/schemas/vendor-adapters';
import { opsRequest } from '../../../lib/api-client';

/**
 * Apart from the catalogue's key: a vendor's lobby or status change leaves its connection as it
 * was, and a connection change leaves the lobby as it was, so neither refetches the other.
 */
export const vendorAdaptersKey = ['ops', 'vendor-adapters'] as const;

/** GET /ops/vendor-adapters (games.read): every connected vendor, its secret only as a fingerprint. */
export function fetchVendorAdapters(): Promise<OpsVendorAdapter[]> {
  return opsRequest<OpsVendorAdapter[]>('/ops/vendor-adapters');
}

export const vendorAdaptersQuery = queryOptions({ queryKey: vendorAdaptersKey, queryFn: fetchVendorAdapters });

export function useVendorAdapters() {
  return useQuery(vendorAdaptersQuery);
}
