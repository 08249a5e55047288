import type { OpsVendorAdapter, VendorAdapterBody } from '@wps/shared/schemas/vendor-adapters';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { vendorAdaptersKey } from './vendor-adapters-list';

export type SetVendorAdapterInput = VendorAdapterBody & { vassalage: string };

/**
 * PUT /ops/vendor-adapters/:vassalage (vendors.connect, admin only): connect a vendor or change
 * its connection, audited with the reason. Without `secret` the stored one is kept; the answer
 * never carries it, only its fingerprint.
 */
export function setVendorAdapter({ vassalage, ...body }: SetVendorAdapterInput): Promise<OpsVendorAdapter> {
  return opsRequest<OpsVendorAdapter>(`/ops/vendor-adapters/${encodeURIComponent(vassalage)}`, { method: 'PUT', body });
}

/** Refreshes the connections list. */
export function useSetVendorAdapter(successText: (result: OpsVendorAdapter, input: SetVendorAdapterInput) => string) {
  return useOpsMutation({ mutationFn: setVendorAdapter, invalidates: [vendorAdaptersKey], successText });
}
