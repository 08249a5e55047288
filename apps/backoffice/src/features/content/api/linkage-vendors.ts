import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opsVendorListItemSchema } from '@wps/shared/schemas/catalogue';
import { opsRequest } from '../../../lib/api-client';

export type LinkageVendor = z.infer<typeof opsVendorListItemSchema>;

/** GET /ops/vendors (games.read): the vendors a game link may pick from, in lobby order. */
export function fetchLinkageVendors(): Promise<LinkageVendor[]> {
  return opsRequest<LinkageVendor[]>('/ops/vendors');
}

/** Under the games screen's catalogue key, so a vendor change there refreshes this list too. */
export const linkageVendorsQuery = queryOptions({
  queryKey: ['ops', 'catalogue', 'vendors'],
  queryFn: fetchLinkageVendors,
});

export function useLinkageVendors(enabled: boolean) {
  return useQuery({ ...linkageVendorsQuery, enabled });
}
