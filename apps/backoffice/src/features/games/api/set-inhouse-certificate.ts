import type { InhouseCertificateBody, InhouseCertificateChange } from '@wps/shared/schemas/inhouse-certificates';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { inhouseGamesKey } from './inhouse-games-list';

export type SetInhouseCertificateInput = InhouseCertificateBody & { nodeId: string };

/**
 * PUT /ops/inhouse-games/:nodeId/certificate (games.write): record a house original's lab
 * certificate, or withdraw it (null), audited with the reason.
 */
export function setInhouseCertificate({
  nodeId,
  ...body
}: SetInhouseCertificateInput): Promise<InhouseCertificateChange> {
  return opsRequest<InhouseCertificateChange>(`/ops/inhouse-games/${encodeURIComponent(nodeId)}/certificate`, {
    method: 'PUT',
    body,
  });
}

/** Refreshes the in-house games list (its certificate and whether the licence hides it). */
export function useSetInhouseCertificate(
  successText: (result: InhouseCertificateChange, input: SetInhouseCertificateInput) => string,
) {
  return useOpsMutation({ mutationFn: setInhouseCertificate, invalidates: [inhouseGamesKey], successText });
}
