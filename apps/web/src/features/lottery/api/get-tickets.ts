import { useEffect, useRef } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { LotteryTicketView } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';
import { BALANCE_QUERY_KEY } from '../../../lib/api/get-balance';
import { useToken } from '../../../lib/session-storage';
import { FAST_POLL_MS } from '../lottery-clock';
import { LOTTERY_KEY } from './get-game-menus';

export type TicketStatusFilter = 'open' | 'settled';
type TicketsPage = { list: LotteryTicketView[]; next: string | null };

/** Tickets per page: "show more" reads the next 20 after the last shown. */
const PAGE_SIZE = 20;

/** GET /lgw/tickets?status=open|settled[&before=] (token): the player's tickets, newest first, a page at a time. */
export function getTickets(status: TicketStatusFilter, before: string | null): Promise<TicketsPage> {
  return apiRequest<TicketsPage>('/lgw/tickets', { query: { status, size: PAGE_SIZE, ...(before ? { before } : {}) } });
}

export function ticketsQueryOptions(token: string | null, status: TicketStatusFilter) {
  return infiniteQueryOptions({
    queryKey: [LOTTERY_KEY, 'tickets', status, token],
    queryFn: ({ pageParam }) => getTickets(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: token !== null,
  });
}

/**
 * The player's tickets. `isAwaiting` names the open tickets whose draw has closed: while any is
 * listed the list is read again every few seconds (settlement follows the result by a moment),
 * and when an open ticket leaves the list the header balance is refreshed (it was paid or lost).
 */
export function useLotteryTickets(status: TicketStatusFilter, isAwaiting: (ticket: LotteryTicketView) => boolean) {
  const token = useToken();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...ticketsQueryOptions(token, status),
    refetchInterval: (q) =>
      status === 'open' && q.state.data?.pages.some((p) => p.list.some((t) => t.status === 'open' && isAwaiting(t)))
        ? FAST_POLL_MS
        : false,
  });
  const list = query.data?.pages.flatMap((p) => p.list);
  const ids = status === 'open' ? (list?.map((t) => t.ticketId).join(',') ?? null) : null;
  const before = useRef<string | null>(null);
  useEffect(() => {
    if (ids === null) return;
    const previous = before.current;
    before.current = ids;
    if (previous === null || previous === ids) return;
    const now = new Set(ids.split(','));
    if (previous.split(',').some((id) => id !== '' && !now.has(id))) {
      void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: [LOTTERY_KEY, 'tickets', 'settled'] });
    }
  }, [ids, queryClient]);
  return { ...query, list: list ?? [] };
}
