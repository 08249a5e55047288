import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerBalances, PlayerProfile } from '@wps/shared/schemas/players';
import { opsRequest } from '../../../lib/api-client';
import { playerKey } from './keyset-list';

/** GET /ops/players/:memberId: profile, status, security state and bank accounts. */
export function fetchPlayer(memberId: string): Promise<PlayerProfile> {
  return opsRequest<PlayerProfile>(`/ops/players/${encodeURIComponent(memberId)}`);
}

export const playerQuery = (memberId: string) =>
  queryOptions({ queryKey: [...playerKey(memberId), 'profile'], queryFn: () => fetchPlayer(memberId) });

export function usePlayer(memberId: string) {
  return useQuery(playerQuery(memberId));
}

/** GET /ops/players/:memberId/balances. */
export function fetchBalances(memberId: string): Promise<PlayerBalances> {
  return opsRequest<PlayerBalances>(`/ops/players/${encodeURIComponent(memberId)}/balances`);
}

export const balancesQuery = (memberId: string) =>
  queryOptions({ queryKey: [...playerKey(memberId), 'balances'], queryFn: () => fetchBalances(memberId) });

export function useBalances(memberId: string) {
  return useQuery(balancesQuery(memberId));
}
