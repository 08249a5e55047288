import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BALANCE_QUERY_KEY } from '../../../lib/api/get-balance';
import { LOTTERY_KEY } from './get-game-menus';

/** What GET /lgw/live sends when a draw changes status, or when a voided draw's refunds are done (status `refunded`). */
export type LotteryLiveEvent = { gameCode: string; numero: string; status: string; serverTime: string };

/**
 * GET /lgw/live?gameCode= (Server-Sent Events): while a game's page is open, every change of one
 * of its draws' status (open, closed, drawn, settled, voided), on whichever server instance it
 * happened, refetches the page's lottery queries (their keys start with 'lottery': the draw taking
 * bets, the results, the player's tickets) and, once a draw is settled or its refunds are done
 * (`refunded`, after `voided`), the header's balance. `reset` (the server missed changes while its feed was down) refetches too. EventSource
 * reconnects by itself after a drop; `connected` tells the page whether to poll meanwhile.
 */
export function useLotteryLive(gameCode: string): { connected: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/lgw/live?${new URLSearchParams({ gameCode }).toString()}`);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: [LOTTERY_KEY] });
    source.addEventListener('hello', () => setConnected(true));
    source.addEventListener('draw', (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as LotteryLiveEvent;
      refetch();
      if (event.status === 'settled' || event.status === 'voided' || event.status === 'refunded')
        void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    });
    source.addEventListener('reset', refetch);
    // Dropped: the browser tries again by itself; the page polls until `hello` comes back.
    source.addEventListener('error', () => setConnected(false));
    return () => {
      source.close();
      setConnected(false);
    };
  }, [gameCode, queryClient]);
  return { connected };
}
