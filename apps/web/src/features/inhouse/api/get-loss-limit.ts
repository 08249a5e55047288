import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseMajor } from '@wps/shared/money';
import type { RgStatus } from '@wps/shared/schemas/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/**
 * GET /wps/responsible-gaming (the player's token): the limits in force. The in-house page reads
 * the same endpoint and cache entry as the responsible-gaming page (same key, same answer), for
 * the auto-bet's stop-on-loss ceiling.
 */
function getLimits(): Promise<RgStatus> {
  return apiRequest<RgStatus>('/wps/responsible-gaming');
}

/** The smallest loss limit in force (day, week or month) in minor units at `scale`, or null for none. */
function smallestLossLimit(status: RgStatus, scale: number): { minor: bigint; kind: string } | null {
  if (status.scale !== scale) return null;
  let smallest: { minor: bigint; kind: string } | null = null;
  for (const limit of status.limits) {
    if (!limit.kind.startsWith('loss_') || limit.value === null) continue;
    const minor = parseMajor(limit.value, scale);
    if (smallest === null || minor < smallest.minor) smallest = { minor, kind: limit.kind };
  }
  return smallest;
}

function lossLimitQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'responsible-gaming', token],
    queryFn: getLimits,
    enabled: token !== null,
  });
}

/** The player's smallest loss limit at the game's scale; null while unknown, without one, or signed out. */
export function useLossLimit(scale: number) {
  const query = useQuery({
    ...lossLimitQueryOptions(useToken()),
    select: (status: RgStatus) => smallestLossLimit(status, scale),
  });
  return query.data ?? null;
}
