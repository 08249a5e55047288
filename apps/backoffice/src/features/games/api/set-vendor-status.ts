import type { z } from 'zod';
import type { CatalogueStatus, vendorStatusChangeResultSchema } from '@wps/shared/schemas/catalogue';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { catalogueKey } from './vendors-list';

export type VendorStatusChange = z.infer<typeof vendorStatusChangeResultSchema>;
export type SetVendorStatusInput = { vassalage: string; status: CatalogueStatus; reason: string };

/**
 * PUT /ops/vendors/:vassalage/status (games.write), audited with the reason. Maintenance keeps
 * the vendor in the lobby with the maintenance message; disabled hides it from players.
 */
export function setVendorStatus({ vassalage, status, reason }: SetVendorStatusInput): Promise<VendorStatusChange> {
  return opsRequest<VendorStatusChange>(`/ops/vendors/${encodeURIComponent(vassalage)}/status`, {
    method: 'PUT',
    body: { status, reason },
  });
}

/** Refreshes the vendor list and the open games list (it shows the vendor's status too). */
export function useSetVendorStatus(successText: (result: VendorStatusChange, input: SetVendorStatusInput) => string) {
  return useOpsMutation({ mutationFn: setVendorStatus, invalidates: [catalogueKey], successText });
}
