import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrashState } from '@wps/shared/schemas/inhouse-crash';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/inhouse/crash/state: the round, its live bets, the recent crash points and the chain's commitment. */
export function getCrashState(): Promise<CrashState> {
  return apiRequest<CrashState>('/wps/inhouse/crash/state');
}

export const CRASH_STATE_KEY = ['inhouse', 'crash', 'state'] as const;

export function crashStateQueryOptions() {
  return queryOptions({ queryKey: CRASH_STATE_KEY, queryFn: getCrashState });
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
  const [clockOffsetMs, setClockOffsetMs] = useState(0);
  const query = useQuery({ ...crashStateQueryOptions(), refetchInterval: connected ? false : 1000 });

  useEffect(() => {
    if (query.data) setClockOffsetMs(Date.parse(query.data.serverTime) - Date.now());
  }, [query.data]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/wps/inhouse/crash/live');
    source.addEventListener('state', (message: MessageEvent<string>) => {
      setConnected(true);
      queryClient.setQueryData(CRASH_STATE_KEY, JSON.parse(message.data) as CrashState);
    });
    source.addEventListener('error', () => setConnected(false));
    return () => {
      source.close();
      setConnected(false);
    };
  }, [queryClient]);

  return { state: query.data, clockOffsetMs, connected };
}
