import type { LicenceChange } from '@wps/shared/schemas/licence';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { licenceKey } from './licence';

/** POST /ops/licence/changes/:id/approve or /reject, by an operator other than the asker. */
export function useDecideLicenceChange(successText: (decision: 'approve' | 'reject') => string) {
  return useOpsMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      opsRequest<LicenceChange>(`/ops/licence/changes/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { reason },
      }),
    invalidates: [licenceKey],
    successText: (_result, { decision }) => successText(decision),
  });
}
