import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsRequest } from '../../../lib/api-client';
import { rewardsKey } from './rule-list';

export type EngineState = { consumers: { subscriber: string; applied: string; behind: string; updatedAt: string }[] };

/** GET /ops/rewards/engine (rewards.read): each consumer of the player event stream, how many events it applied and how far behind it is. */
export function fetchEngineState(): Promise<EngineState> {
  return opsRequest<EngineState>('/ops/rewards/engine');
}

export function engineStateQuery() {
  return queryOptions({ queryKey: [...rewardsKey, 'engine'], queryFn: fetchEngineState, refetchInterval: 10_000 });
}

export function useEngineState() {
  return useQuery(engineStateQuery());
}
