import { useEffect, useRef, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LotteryDrawView } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';
import { BALANCE_QUERY_KEY } from '../../../lib/api/get-balance';
import { useToken } from '../../../lib/session-storage';
import { clockOffsetMs, msUntil, pollDelayMs } from '../lottery-clock';
import { useNow } from '../use-now';
import { LOTTERY_KEY } from './get-game-menus';
import { openedNumerosQueryOptions } from './get-opened-numeros';
import { useLotteryLive } from './use-lottery-live';

const VISITOR_RESULTS_POLL_MS = 60_000;

type OpenedNumero = { current: LotteryDrawView | null; last: LotteryDrawView | null; serverTime: string };

/** GET /lotto/lgw/games/opened/numero?gameCode= (token): the draw taking bets, the last result and the server's time. */
export function getOpenedNumero(gameCode: string): Promise<OpenedNumero> {
  return apiRequest<OpenedNumero>('/lotto/lgw/games/opened/numero', { query: { gameCode } });
}

/** The answer with the server clock's offset from the browser's, measured on this very call. */
async function readWithOffset(gameCode: string): Promise<OpenedNumero & { offsetMs: number }> {
  const sentAt = Date.now();
  const value = await getOpenedNumero(gameCode);
  return { ...value, offsetMs: clockOffsetMs(value.serverTime, sentAt, Date.now()) };
}

function openedNumeroQueryOptions(gameCode: string, token: string | null) {
  return queryOptions({
    queryKey: [LOTTERY_KEY, 'opened', gameCode, token],
    queryFn: () => readWithOffset(gameCode),
    enabled: token !== null,
    retry: false,
  });
}

/**
 * Everything about one game's draws, in one place: the draw taking bets with its countdown on the
 * server's clock, the last result, and the recent results. At the cut-off it reads the opened
 * numero again; the server's live events (useLotteryLive) bring each draw's close, result and
 * settlement as they happen; only while that stream is down does it poll instead (every few
 * seconds while a closed draw awaits its result; a visitor's results every minute). When a new
 * result arrives it refreshes the results, the tickets and the header balance. Visitors get the
 * results only (the opened numero needs a token).
 */
export function useLotteryDraw(gameCode: string, resultsCount: number) {
  const token = useToken();
  const queryClient = useQueryClient();
  const now = useNow();
  const [awaiting, setAwaiting] = useState<LotteryDrawView | null>(null);
  const live = useLotteryLive(gameCode);
  const opened = useQuery({
    ...openedNumeroQueryOptions(gameCode, token),
    refetchInterval: (query) => {
      if (live.connected) return false;
      const data = query.state.data;
      return pollDelayMs(data, awaiting, Date.now() + (data?.offsetMs ?? 0));
    },
  });
  // Without the live stream, a visitor (no opened numero to follow) sees the results looked at again now and then.
  const results = useQuery({
    ...openedNumerosQueryOptions(gameCode, resultsCount),
    refetchInterval: token === null && !live.connected ? VISITOR_RESULTS_POLL_MS : false,
  });
  const data = opened.data;
  const offsetMs = data?.offsetMs ?? 0;
  const current = data?.current ?? null;
  const remainingMs = current ? msUntil(current.closesAt, offsetMs, now) : null;

  // The cut-off came: that draw now awaits its result, and the next draw may be open already.
  const closedNumero = current && remainingMs === 0 ? current.numero : null;
  // Adjusted while rendering (React's pattern for state that follows a change), not in an effect.
  if (closedNumero && current && awaiting?.numero !== closedNumero) setAwaiting(current);
  useEffect(() => {
    if (closedNumero) void queryClient.invalidateQueries({ queryKey: [LOTTERY_KEY, 'opened', gameCode] });
  }, [closedNumero, gameCode, queryClient]);

  // A new result: the results list, the tickets it settles and the balance it pays into.
  const lastNumero = data?.last?.numero ?? null;
  const seenLast = useRef<string | null>(null);
  useEffect(() => {
    if (lastNumero === null) return;
    const before = seenLast.current;
    seenLast.current = lastNumero;
    if (before === null || before === lastNumero) return;
    void queryClient.invalidateQueries({ queryKey: [LOTTERY_KEY, 'numeros', gameCode] });
    void queryClient.invalidateQueries({ queryKey: [LOTTERY_KEY, 'tickets'] });
    void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
  }, [lastNumero, gameCode, queryClient]);

  const awaitingResult = awaiting !== null && (lastNumero === null || lastNumero < awaiting.numero);
  return {
    current,
    last: data?.last ?? results.data?.[0] ?? null,
    results: results.data ?? [],
    remainingMs,
    awaitingResult: awaitingResult || (data !== undefined && current === null),
    isLoading: results.isLoading || opened.isLoading,
    error: opened.error ?? results.error,
    isSignedIn: token !== null,
    /** The server's live events are arriving (the page is not polling). */
    isLive: live.connected,
  };
}
