import type { GameSettingsBody } from '@wps/shared/schemas/catalogue';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import type { CatalogueSettingsChange } from './set-vendor-settings';
import { catalogueKey } from './vendors-list';

export type SetGameSettingsInput = GameSettingsBody & { nodeId: string };

/** PUT /ops/games/:nodeId/settings (games.write): a game's order within its vendor, hot flag and minimum bet, audited with the reason. */
export function setGameSettings({ nodeId, ...body }: SetGameSettingsInput): Promise<CatalogueSettingsChange> {
  return opsRequest<CatalogueSettingsChange>(`/ops/games/${encodeURIComponent(nodeId)}/settings`, {
    method: 'PUT',
    body,
  });
}

/** Refreshes the open games list. */
export function useSetGameSettings(
  successText: (result: CatalogueSettingsChange, input: SetGameSettingsInput) => string,
) {
  return useOpsMutation({ mutationFn: setGameSettings, invalidates: [catalogueKey], successText });
}
