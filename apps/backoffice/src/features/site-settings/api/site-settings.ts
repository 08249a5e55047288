import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { opsRequest } from '../../../lib/api-client';

export const siteSettingsKey = ['ops', 'site-settings'] as const;

/** GET /ops/site-settings (settings.read): every site setting, and the version a change must name. */
export function fetchSiteSettings(): Promise<SiteSettingsView> {
  return opsRequest<SiteSettingsView>('/ops/site-settings');
}

export const siteSettingsQuery = queryOptions({ queryKey: siteSettingsKey, queryFn: fetchSiteSettings });

export function useSiteSettings() {
  return useQuery(siteSettingsQuery);
}
