import type { Raffle, RaffleCreateBody } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { rafflesKey } from './raffles';

/** POST /ops/raffles (promotions.write): a raffle with its prizes and draw time; its commitment is made now. Audited. */
export function createRaffle(body: RaffleCreateBody): Promise<Raffle> {
  return opsRequest<Raffle>('/ops/raffles', { method: 'POST', body });
}

export function useCreateRaffle(successText: (raffle: Raffle) => string) {
  return useOpsMutation({ mutationFn: createRaffle, invalidates: [rafflesKey], successText });
}
