import type { AmlPlayer } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { amlKey } from './aml-cases';

/** POST /ops/aml/players/:memberId/rating (aml.review): the player's rating computed again now. */
export function rerateAmlPlayer({ memberId }: { memberId: string }): Promise<AmlPlayer> {
  return opsRequest<AmlPlayer>(`/ops/aml/players/${encodeURIComponent(memberId)}/rating`, { method: 'POST' });
}

export function useRerateAmlPlayer(successText: (rated: AmlPlayer) => string) {
  return useOpsMutation({ mutationFn: rerateAmlPlayer, invalidates: [amlKey], successText });
}
