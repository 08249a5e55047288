import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RgOpsPlayer } from '@wps/shared/schemas/responsible-gaming';
import { opsRequest } from '../../../lib/api-client';

/** GET /ops/players/:memberId/responsible-gaming (players.read; the look is audited): limits, exclusions and their history. */
export function fetchPlayerRg(memberId: string): Promise<RgOpsPlayer> {
  return opsRequest<RgOpsPlayer>(`/ops/players/${encodeURIComponent(memberId)}/responsible-gaming`);
}

export const playerRgQuery = (memberId: string) =>
  queryOptions({ queryKey: ['players', memberId, 'responsible-gaming'], queryFn: () => fetchPlayerRg(memberId) });

export function usePlayerRg(memberId: string) {
  return useQuery(playerRgQuery(memberId));
}
