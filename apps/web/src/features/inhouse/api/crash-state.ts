import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrashState } from '@wps/shared/schemas/inhouse-crash';
import { applyCrashTick, type CrashLiveSnapshot, type CrashTick } from '@wps/shared/schemas/inhouse-crash-live';
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
 * the whole state on connect (`state`), then only what changed (`tick`, applied to the state in
 * order; a tick out of sequence means events were lost, and the stream is opened again for a new
 * snapshot); while the stream is down (EventSource reconnects by itself) the query polls every
 * second instead.
 * `clockOffsetMs` is the server's clock less this device's, read from each state, so the page
 * draws the multiplier from the server's flight start.
 */
export function useCrashState(): { state: CrashState | undefined; clockOffsetMs: number; connected: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const query = useQuery({ ...crashStateQueryOptions(), refetchInterval: connected ? false : 1000 });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource;
    let live: { state: CrashState; seq: number } | undefined;
    const open = () => {
      source = new EventSource('/wps/inhouse/crash/live');
      source.addEventListener('state', (message: MessageEvent<string>) => {
        const { seq, ...state } = JSON.parse(message.data) as CrashLiveSnapshot;
        live = { state, seq };
        setConnected(true);
        queryClient.setQueryData(CRASH_STATE_KEY, received(state));
      });
      source.addEventListener('tick', (message: MessageEvent<string>) => {
        const tick = JSON.parse(message.data) as CrashTick;
        if (!live) return;
        // A bare tick keeps the last number; a tick with changes is the next one, or events were lost.
        if (tick.seq !== live.seq + 1 && tick.seq !== live.seq) {
          live = undefined;
          source.close();
          open();
          return;
        }
        live = { state: applyCrashTick(live.state, tick), seq: tick.seq };
        queryClient.setQueryData(CRASH_STATE_KEY, received(live.state));
      });
      source.addEventListener('error', () => setConnected(false));
    };
    open();
    return () => {
      source.close();
      setConnected(false);
    };
  }, [queryClient]);

  return { state: query.data?.state, clockOffsetMs: query.data?.clockOffsetMs ?? 0, connected };
}
