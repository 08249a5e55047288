import type { InhouseGameSettingsBody, InhouseGameSettingsChange } from '@wps/shared/schemas/inhouse-settings';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { inhouseGamesKey } from './inhouse-games-list';

export type SetInhouseGameSettingsInput = InhouseGameSettingsBody & { nodeId: string };

/** PUT /ops/inhouse-games/:nodeId/settings (games.write): the game's maximum stake in minor units, audited with the reason. */
export function setInhouseGameSettings({
  nodeId,
  ...body
}: SetInhouseGameSettingsInput): Promise<InhouseGameSettingsChange> {
  return opsRequest<InhouseGameSettingsChange>(`/ops/inhouse-games/${encodeURIComponent(nodeId)}/settings`, {
    method: 'PUT',
    body,
  });
}

/** Refreshes the in-house games list. */
export function useSetInhouseGameSettings(
  successText: (result: InhouseGameSettingsChange, input: SetInhouseGameSettingsInput) => string,
) {
  return useOpsMutation({ mutationFn: setInhouseGameSettings, invalidates: [inhouseGamesKey], successText });
}
