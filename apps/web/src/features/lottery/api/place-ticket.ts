import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LotteryTicketView, PlaceTicketBody } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';
import { BALANCE_QUERY_KEY } from '../../../lib/api/get-balance';
import { LOTTERY_KEY } from './get-game-menus';

type Placed = { ticket: LotteryTicketView; balanceMinor: string | null; replayed: boolean };

/** POST /lgw/tickets (token): place a slip on the draw taking bets; the same idempotency key gets the same ticket. */
export function placeTicket(body: PlaceTicketBody): Promise<Placed> {
  return apiRequest<Placed>('/lgw/tickets', { method: 'POST', body });
}

/** Place a ticket; the tickets, recent games and header balance refresh after it. */
export function usePlaceTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeTicket,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [LOTTERY_KEY, 'tickets'] });
      void queryClient.invalidateQueries({ queryKey: [LOTTERY_KEY, 'recent'] });
      void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    },
  });
}
