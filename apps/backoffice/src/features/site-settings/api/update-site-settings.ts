import type { SiteSettingsUpdateBody, SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { siteSettingsKey } from './site-settings';

/**
 * PUT /ops/site-settings (settings.write): the settings sent change together, each checked by the
 * shared schema and audited with the reason; a version that is no longer current is refused
 * (SETTING_CHANGED) and nothing is written.
 */
export function updateSiteSettings(body: SiteSettingsUpdateBody): Promise<SiteSettingsView> {
  return opsRequest<SiteSettingsView>('/ops/site-settings', { method: 'PUT', body });
}

export function useUpdateSiteSettings(successText: () => string) {
  return useOpsMutation({ mutationFn: updateSiteSettings, invalidates: [siteSettingsKey], successText });
}
