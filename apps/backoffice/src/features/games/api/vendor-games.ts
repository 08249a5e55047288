import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opsVendorGamesSchema } from '@wps/shared/schemas/catalogue';
import { opsRequest } from '../../../lib/api-client';
import { catalogueKey } from './vendors-list';

export type OpsVendorGames = z.infer<typeof opsVendorGamesSchema>;
export type OpsGame = OpsVendorGames['games'][number];

/** Every vendor's games; a game's status change marks them all stale (only the open one refetches). */
export const gamesKey = [...catalogueKey, 'games'] as const;
export const vendorGamesKey = (vassalage: string) => [...gamesKey, vassalage] as const;

/** GET /ops/games?vassalage= (games.read): the vendor and every one of its games, each with its own status. */
export function fetchVendorGames(vassalage: string): Promise<OpsVendorGames> {
  return opsRequest<OpsVendorGames>(`/ops/games?${new URLSearchParams({ vassalage }).toString()}`);
}

export const vendorGamesQuery = (vassalage: string) =>
  queryOptions({ queryKey: vendorGamesKey(vassalage), queryFn: () => fetchVendorGames(vassalage) });

/** A vendor's games; nothing is asked while no vendor is selected. */
export function useVendorGames(vassalage: string | null) {
  return useQuery({ ...vendorGamesQuery(vassalage ?? ''), enabled: vassalage !== null });
}
