import type { Raffle } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { rafflesKey } from './raffles';

export type GiveTicketsInput = { id: string; account: string; tickets: number; reason: string };

/** POST /ops/raffles/:id/tickets (promotions.write): give a player tickets (they claim them into the draw). Audited. */
export function giveRaffleTickets({ id, ...body }: GiveTicketsInput): Promise<Raffle> {
  return opsRequest<Raffle>(`/ops/raffles/${encodeURIComponent(id)}/tickets`, { method: 'POST', body });
}

export function useGiveRaffleTickets(successText: (input: GiveTicketsInput) => string) {
  return useOpsMutation({
    mutationFn: giveRaffleTickets,
    invalidates: [rafflesKey],
    successText: (_r, input) => successText(input),
  });
}
