import type { z } from 'zod';
import type { CatalogueStatus, gameStatusChangeResultSchema } from '@wps/shared/schemas/catalogue';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { inhouseGamesKey } from './inhouse-games-list';
import { gamesKey } from './vendor-games';

export type GameStatusChange = z.infer<typeof gameStatusChangeResultSchema>;
export type SetGameStatusInput = { nodeId: string; status: CatalogueStatus; reason: string };

/** PUT /ops/games/:nodeId/status (games.write), audited with the reason; the vendor's own status still applies on top. */
export function setGameStatus({ nodeId, status, reason }: SetGameStatusInput): Promise<GameStatusChange> {
  return opsRequest<GameStatusChange>(`/ops/games/${encodeURIComponent(nodeId)}/status`, {
    method: 'PUT',
    body: { status, reason },
  });
}

/** Refreshes the open games list and the in-house games (the vendor list does not show games). */
export function useSetGameStatus(successText: (result: GameStatusChange, input: SetGameStatusInput) => string) {
  return useOpsMutation({ mutationFn: setGameStatus, invalidates: [gamesKey, inhouseGamesKey], successText });
}
