import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opsVendorListItemSchema } from '@wps/shared/schemas/catalogue';
import { opsRequest } from '../../../lib/api-client';

/** A vendor as the back office sees it: every status, disabled ones too, and whether the licence hides it. */
export type OpsVendor = z.infer<typeof opsVendorListItemSchema>;

/**
 * Every catalogue query of this feature sits under ['ops', 'catalogue'], so a vendor's status
 * change (which also changes the vendor shown above its games) refreshes both lists at once.
 */
export const catalogueKey = ['ops', 'catalogue'] as const;
export const vendorsKey = [...catalogueKey, 'vendors'] as const;

/** GET /ops/vendors (games.read): every vendor, in lobby order. */
export function fetchVendors(): Promise<OpsVendor[]> {
  return opsRequest<OpsVendor[]>('/ops/vendors');
}

export const vendorsQuery = queryOptions({ queryKey: vendorsKey, queryFn: fetchVendors });

export function useVendors() {
  return useQuery(vendorsQuery);
}
