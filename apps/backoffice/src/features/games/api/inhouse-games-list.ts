import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import { opsRequest } from '../../../lib/api-client';
import { catalogueKey } from './vendors-list';

/**
 * Under the catalogue's key: an in-house game's minimum stake is its catalogue minimum bet, so a
 * game settings change (which refreshes the catalogue) refreshes this list too.
 */
export const inhouseGamesKey = [...catalogueKey, 'inhouse'] as const;

/** GET /ops/inhouse-games (games.read): each in-house game with its RTP and stake limits. */
export function fetchInhouseGames(): Promise<OpsInhouseGame[]> {
  return opsRequest<OpsInhouseGame[]>('/ops/inhouse-games');
}

export const inhouseGamesQuery = queryOptions({ queryKey: inhouseGamesKey, queryFn: fetchInhouseGames });

export function useInhouseGames() {
  return useQuery(inhouseGamesQuery);
}
