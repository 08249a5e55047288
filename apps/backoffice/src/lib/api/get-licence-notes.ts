import { useQuery } from '@tanstack/react-query';
import type { LicenceNotes } from '@wps/shared/schemas/operator-identity';
import { opsRequest } from '../api-client';
import { useCan } from '../permissions';

/**
 * What the licence would have otherwise (GET /ops/site-settings/licence-notes, settings.read): the
 * operator's identification fields it requires that are blank, and the site's addresses that are
 * not under its domain. Read by the site settings and the dashboard (lib, as two features read it);
 * under the site settings' key, so a save refreshes it.
 */
const licenceNotesKey = ['ops', 'site-settings', 'licence-notes'] as const;

export function useLicenceNotes() {
  const canRead = useCan('settings.read');
  return useQuery({
    queryKey: licenceNotesKey,
    queryFn: () => opsRequest<LicenceNotes>('/ops/site-settings/licence-notes'),
    enabled: canRead,
    staleTime: 60_000,
  });
}
