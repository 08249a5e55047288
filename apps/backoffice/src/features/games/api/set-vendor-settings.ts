import type { z } from 'zod';
import type { catalogueSettingsChangeResultSchema, VendorSettingsBody } from '@wps/shared/schemas/catalogue';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { catalogueKey } from './vendors-list';

export type CatalogueSettingsChange = z.infer<typeof catalogueSettingsChangeResultSchema>;
export type SetVendorSettingsInput = VendorSettingsBody & { vassalage: string };

/** PUT /ops/vendors/:vassalage/settings (games.write): the vendor's lobby section, place and hot flag, audited with the reason. */
export function setVendorSettings({ vassalage, ...body }: SetVendorSettingsInput): Promise<CatalogueSettingsChange> {
  return opsRequest<CatalogueSettingsChange>(`/ops/vendors/${encodeURIComponent(vassalage)}/settings`, {
    method: 'PUT',
    body,
  });
}

/** Refreshes the vendor list and the open games list. */
export function useSetVendorSettings(
  successText: (result: CatalogueSettingsChange, input: SetVendorSettingsInput) => string,
) {
  return useOpsMutation({ mutationFn: setVendorSettings, invalidates: [catalogueKey], successText });
}
