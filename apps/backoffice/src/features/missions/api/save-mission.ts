import type { MissionInput, OpsMission } from '@wps/shared/schemas/missions';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { missionsKey } from './mission-list';

export type SaveMissionVariables = { input: MissionInput; id?: string | undefined };

/** POST /ops/missions, or PUT /ops/missions/:id (rewards.write): a new mission or its replacement, checked by the shared schema and audited with the reason. */
export function saveMission({ input, id }: SaveMissionVariables): Promise<OpsMission> {
  if (id) return opsRequest<OpsMission>(`/ops/missions/${id}`, { method: 'PUT', body: input });
  return opsRequest<OpsMission>('/ops/missions', { method: 'POST', body: input });
}

export function useSaveMission(successText: (mission: OpsMission) => string) {
  return useOpsMutation({ mutationFn: saveMission, invalidates: [missionsKey], successText });
}
