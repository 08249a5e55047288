import type { MissionStatusBody, OpsMission } from '@wps/shared/schemas/missions';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { missionsKey } from './mission-list';

export type MissionStatusVariables = MissionStatusBody & { id: string };

/** POST /ops/missions/:id/status (rewards.write): switch a mission on (live), off (draft) or archive it (ended), audited with the reason. */
export function setMissionStatus({ id, ...body }: MissionStatusVariables): Promise<OpsMission> {
  return opsRequest<OpsMission>(`/ops/missions/${id}/status`, { method: 'POST', body });
}

export function useSetMissionStatus(successText: (mission: OpsMission) => string) {
  return useOpsMutation({ mutationFn: setMissionStatus, invalidates: [missionsKey], successText });
}
