import type { Grant } from '@wps/shared/schemas/rewards';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { HELD_REWARD_INVALIDATES } from './held-rewards-queue';

/**
 * POST /ops/rewards/grants/:id/release or /reject (rewards.write), with the reason the engine
 * audits: a release pays the reward now, a rejection closes it (the player sees the reason).
 */
export function resolveHeldReward({
  id,
  action,
  reason,
}: {
  id: string;
  action: 'release' | 'reject';
  reason: string;
}): Promise<Grant> {
  return opsRequest<Grant>(`/ops/rewards/grants/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: { reason },
  });
}

export function useResolveHeldReward(successText: (grant: Grant) => string) {
  return useOpsMutation({ mutationFn: resolveHeldReward, invalidates: HELD_REWARD_INVALIDATES, successText });
}
