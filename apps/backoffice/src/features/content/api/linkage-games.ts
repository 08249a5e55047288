import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opsVendorGamesSchema } from '@wps/shared/schemas/catalogue';
import { opsRequest } from '../../../lib/api-client';

export type LinkageGames = z.infer<typeof opsVendorGamesSchema>;

/** GET /ops/games?vassalage= (games.read): one vendor's games, for a game link. */
export function fetchLinkageGames(vassalage: string): Promise<LinkageGames> {
  return opsRequest<LinkageGames>(`/ops/games?${new URLSearchParams({ vassalage }).toString()}`);
}

export const linkageGamesQuery = (vassalage: string) =>
  queryOptions({ queryKey: ['ops', 'catalogue', 'games', vassalage], queryFn: () => fetchLinkageGames(vassalage) });

/** Nothing is asked until a vendor is chosen. */
export function useLinkageGames(vassalage: string) {
  return useQuery({ ...linkageGamesQuery(vassalage), enabled: vassalage !== '' });
}
