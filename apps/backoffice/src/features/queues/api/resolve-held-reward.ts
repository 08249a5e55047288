import type { OpsGrant } from '@wps/shared/schemas/rewards';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { HELD_REWARD_INVALIDATES } from './held-rewards-queue';

/** What an operator does with a held reward; `approve` completes a release that waits for a second operator. */
export type HeldRewardAction = 'release' | 'reject' | 'approve';

const PATHS: Record<HeldRewardAction, string> = { release: 'release', reject: 'reject', approve: 'release/approve' };

/**
 * POST /ops/rewards/grants/:id/release or /reject (rewards.write), with the reason the engine
 * audits: a release pays the reward now, a rejection closes it (the player sees the reason). A
 * release of money above the operator money policy's thresholds answers the grant still held,
 * waiting for a second operator, who completes it with /release/approve (adjustments.approve).
 */
export function resolveHeldReward({
  id,
  action,
  reason,
}: {
  id: string;
  action: HeldRewardAction;
  reason: string;
}): Promise<OpsGrant> {
  return opsRequest<OpsGrant>(`/ops/rewards/grants/${encodeURIComponent(id)}/${PATHS[action]}`, {
    method: 'POST',
    body: { reason },
  });
}

export function useResolveHeldReward(successText: (grant: OpsGrant) => string) {
  return useOpsMutation({ mutationFn: resolveHeldReward, invalidates: HELD_REWARD_INVALIDATES, successText });
}
