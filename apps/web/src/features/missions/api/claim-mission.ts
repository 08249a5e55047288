import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MissionClaimResult } from '@wps/shared/schemas/missions';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/missions/claim (token): a completed mission's reward for the current period, paid once. */
export function claimMission(missionId: string): Promise<MissionClaimResult> {
  return apiRequest<MissionClaimResult>('/wps/missions/claim', { method: 'POST', body: { missionId } });
}

/** A claim moves money: the ['member'] tree (balance, missions, badge, leaderboard) is fetched again, paid or refused. */
export function useClaimMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimMission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
