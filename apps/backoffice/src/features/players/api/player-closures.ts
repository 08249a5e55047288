import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountClosureList } from '@wps/shared/schemas/privacy';
import { opsRequest } from '../../../lib/api-client';
import { playerKey } from './keyset-list';

/** GET /ops/players/:memberId/closures (players.read): each closing of the account and its balance's payout. */
export const playerClosuresQuery = (memberId: string) =>
  queryOptions({
    queryKey: [...playerKey(memberId), 'closures'],
    queryFn: () => opsRequest<AccountClosureList>(`/ops/players/${encodeURIComponent(memberId)}/closures`),
  });

export function usePlayerClosures(memberId: string) {
  return useQuery(playerClosuresQuery(memberId));
}
