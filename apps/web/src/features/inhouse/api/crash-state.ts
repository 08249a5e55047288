import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrashState } from '@wps/shared/schemas/inhouse-crash';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/inhouse/crash/state: the round, its live bets, the recent crash points and the chain's commitment. */
export function getCrashState(): Promise<CrashState> {
  return apiRequest<CrashState>('/wps/inhouse/crash/state');
}

export const CRASH_STATE_KEY = ['inhouse', 'crash', 'state'] as const;

/** The state with the server's clock less this device's at the moment it arrived. */
type ReceivedState = { state: CrashState; clockOffsetMs: number };

function received(state: CrashState): ReceivedState {
  return { state, clockOffsetMs: Date.parse(state.serverTime) - Date.now() };
}

export function crashStateQueryOptions() {
  return queryOptions({ queryKey: CRASH_STATE_KEY, queryFn: async () => received(await getCrashState()) });
}

/**
 * The crash round as it stands, kept live: GET /wps/inhouse/crash/live (Server-Sent Events) sends
 * the state at every change on any server instance, and it replaces the query's data; while the
 * stream is down (EventSource reconnects by itself) the query polls every second instead.
 * `clockOffsetMs` is the server's clock less this device's, read from each state, so the page
 * draws the multiplier from the server's flight start.
 */
export function useCrashState(): { state: CrashState | undefined; clockOffsetMs: number; connected: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const query = useQuery({ ...crashStateQueryOptions(), refetchInterval: connected ? false : 1000 });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/wps/inhouse/crash/live');
    source.addEventListener('state', (message: MessageEvent<string>) => {
      setConnected(true);
      queryClient.setQueryData(CRASH_STATE_KEY, received(JSON.parse(message.data) as CrashState));
    });
    source.addEventListener('error', () => setConnected(false));
    return () => {
      source.close();
      setConnected(false);
    };
  }, [queryClient]);

  return { state: query.data?.state, clockOffsetMs: query.data?.clockOffsetMs ?? 0, connected };
}
