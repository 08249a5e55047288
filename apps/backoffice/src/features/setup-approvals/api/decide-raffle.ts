import type { OpsRaffle } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { awaitingRafflesKey } from './awaiting-raffles';

export type DecideRaffleInput = { id: string; decision: 'approve' | 'reject'; reason: string };

/**
 * POST /ops/raffles/:id/approve or /reject (adjustments.approve): a second operator lets a raffle
 * waiting above a set-up ceiling go live, or turns it down; never its creator. Audited.
 */
export function decideRaffle({ id, decision, reason }: DecideRaffleInput): Promise<OpsRaffle> {
  return opsRequest<OpsRaffle>(`/ops/raffles/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    body: { reason },
  });
}

export function useDecideRaffle(successText: (raffle: OpsRaffle) => string) {
  // The raffles' own list (['ops', 'raffles']) holds the waiting ones too.
  return useOpsMutation({
    mutationFn: decideRaffle,
    invalidates: [awaitingRafflesKey, ['ops', 'raffles']],
    successText,
  });
}
