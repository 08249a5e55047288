import type { Raffle } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { rafflesKey } from './raffles';

export type DrawRaffleInput = { id: string; reason: string };

/** POST /ops/raffles/:id/draw (promotions.write): draw now (once; it ends ticket claims), pay the prizes, reveal the seed. Audited. */
export function drawRaffle({ id, reason }: DrawRaffleInput): Promise<Raffle> {
  return opsRequest<Raffle>(`/ops/raffles/${encodeURIComponent(id)}/draw`, { method: 'POST', body: { reason } });
}

export function useDrawRaffle(successText: (raffle: Raffle) => string) {
  return useOpsMutation({ mutationFn: drawRaffle, invalidates: [rafflesKey], successText });
}
