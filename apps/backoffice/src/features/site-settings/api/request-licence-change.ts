import type { LicenceChange, LicenceChangeBody } from '@wps/shared/schemas/licence';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { licenceKey } from './licence';

/**
 * POST /ops/licence/changes (settings.write): ask for a switch of profile. It waits for another
 * operator; it is refused at once (LICENCE_SWITCH_BLOCKED, with the list) while live set-ups break it.
 */
export function useRequestLicenceChange(successText: () => string) {
  return useOpsMutation({
    mutationFn: (body: LicenceChangeBody) =>
      opsRequest<LicenceChange>('/ops/licence/changes', { method: 'POST', body }),
    invalidates: [licenceKey],
    successText,
  });
}
