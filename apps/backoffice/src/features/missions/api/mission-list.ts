import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsMission } from '@wps/shared/schemas/missions';
import { opsRequest } from '../../../lib/api-client';

/** Every missions query sits under ['ops', 'missions']: a save or a status change makes all of them stale. */
export const missionsKey = ['ops', 'missions'] as const;

/** GET /ops/missions (rewards.read): every mission, daily then weekly, in their order. */
export function fetchMissions(): Promise<{ list: OpsMission[] }> {
  return opsRequest<{ list: OpsMission[] }>('/ops/missions');
}

export function missionsQuery() {
  return queryOptions({ queryKey: [...missionsKey, 'list'], queryFn: fetchMissions });
}

export function useMissions() {
  return useQuery(missionsQuery());
}
