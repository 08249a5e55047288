import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { crashMultiplierAt } from '@wps/shared/originals/crash';
import type { CrashState } from '@wps/shared/schemas/inhouse-crash';
import { diffCrashState, type CrashTick } from '@wps/shared/schemas/inhouse-crash-live';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../../db/change-feed';

// Crash's live pages (Server-Sent Events), on every instance. A round's phase change or a bet placed
// or cashed out is announced by the database at commit (migration 0720, wps_crash_change) to every
// instance's change feed; each instance then reads the state once (bursts of changes within
// COALESCE_MS make one read) and sends every page only what changed since its last event (a `tick`,
// packages/shared/src/schemas/inhouse-crash-live.ts). While the round flies a tick also goes out
// every CRASH_TICK_MS with the multiplier and the server's clock, so a page sees the flight in step with
// the server and can measure its delay. A page gets the whole state once, when it connects: the
// state the other pages hold (this instance's last), never a read of its own, so 10,000 pages
// connecting cost no query each and join the same sequence of ticks.

const COALESCE_MS = 40;
/**
 * At most one event per this, changes included: writing an event to 10,000 pages is 10,000 socket
 * writes, and on the 2 shared cores bench:crash measured even a bare Node server at ~13,000 a second,
 * so changes arriving faster (a bet or a cash-out every millisecond) ride together in the next event.
 */
export const CRASH_TICK_MS = 200;
/** While the feed is down (or between changes), the state is read again this often. */
const REFRESH_MS = 2000;
const MAX_QUEUED_BYTES = 256 * 1024;

type Client = { res: ServerResponse; ip: string };

export type CrashLiveContext = {
  changeFeed: Pick<ChangeFeed, 'subscribe'>;
  log: Pick<Logger, 'warn'>;
  readState: () => Promise<CrashState>;
  limits: { maxStreams: number; perIp: number };
  /** This process's clock (ms); tests move it. */
  now?: () => number;
  tickMs?: number;
};

export function createCrashLive(ctx: CrashLiveContext) {
  const clock = ctx.now ?? Date.now;
  const tickMs = ctx.tickMs ?? CRASH_TICK_MS;
  const clients = new Set<Client>();
  const perIp = new Map<string, number>();
  let pending: NodeJS.Timeout | undefined;
  let refresh: NodeJS.Timeout | undefined;
  let ticker: NodeJS.Timeout | undefined;
  /** The state every page holds now, the last tick's number, and the snapshot's text for that pair. */
  let last: CrashState | undefined;
  let seq = 0;
  let snapshotText: string | undefined;
  /** The database's clock less this process's, from the last read (the flight's start is the database's). */
  let offsetMs = 0;
  let reading: Promise<void> | undefined;
  let lastSentAt = 0;

  function drop(client: Client): void {
    if (!clients.delete(client)) return;
    const left = (perIp.get(client.ip) ?? 1) - 1;
    if (left > 0) perIp.set(client.ip, left);
    else perIp.delete(client.ip);
    client.res.end();
    if (clients.size === 0) stopTimers();
  }

  function stopTimers(): void {
    if (refresh) clearInterval(refresh);
    if (ticker) clearInterval(ticker);
    refresh = undefined;
    ticker = undefined;
  }

  /** Write to every page; `droppable` (a bare tick) skips a page whose last writes are still queued. */
  function broadcast(text: string, droppable = false): void {
    for (const client of clients) {
      if (client.res.writableLength > MAX_QUEUED_BYTES) drop(client);
      else if (!droppable || client.res.writableLength === 0) client.res.write(text);
    }
  }

  /** The multiplier now while the last state's round flies. */
  function multiplierNow(at: number): number | null {
    const round = last?.round;
    if (round?.phase !== 'flying' || !round.startedAt) return null;
    return crashMultiplierAt(Math.max(0, at + offsetMs - Date.parse(round.startedAt)), round.growthPerMs);
  }

  /**
   * A tick. One with changes takes the next sequence number and goes to every page; a bare one
   * (the multiplier and the clock only) keeps the number of the last, changes nothing a page holds,
   * and is skipped for a page that has not yet taken the events before it, so a slow page falls
   * behind by bare ticks, never by a change.
   */
  function sendTick(parts: Omit<CrashTick, 'seq' | 'at' | 'm'>): void {
    const at = clock();
    lastSentAt = at;
    const bare = Object.keys(parts).length === 0;
    if (!bare) {
      seq++;
      snapshotText = undefined;
    }
    const tick: CrashTick = { seq, at, m: multiplierNow(at), ...parts };
    broadcast(`event: tick\ndata: ${JSON.stringify(tick)}\n\n`, bare);
  }

  /** Read the state and send what changed; reads never overlap (a change during one reads again after it). */
  function read(): Promise<void> {
    reading ??= ctx
      .readState()
      .then(
        (state) => {
          offsetMs = Date.parse(state.serverTime) - clock();
          const parts = diffCrashState(last, state);
          last = state;
          if (Object.keys(parts).length > 0) sendTick(parts);
          syncTicker();
        },
        (err: unknown) => ctx.log.warn({ err }, 'crash live: could not read the state'),
      )
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  /** The multiplier's ticks run while a round flies and pages are open. */
  function syncTicker(): void {
    const flying = last?.round?.phase === 'flying' && clients.size > 0;
    // A change's event counts as a tick: the next bare one comes a full interval after the last event.
    if (flying && !ticker)
      ticker = setInterval(() => {
        if (clock() - lastSentAt >= tickMs / 2) sendTick({});
      }, tickMs).unref();
    else if (!flying && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }

  function schedule(): void {
    if (pending || clients.size === 0) return;
    pending = setTimeout(
      () => {
        pending = undefined;
        void read();
      },
      Math.max(COALESCE_MS, lastSentAt + tickMs - clock()),
    );
    pending.unref();
  }

  ctx.changeFeed.subscribe(CHANGE_CHANNELS.crashChange, schedule);

  function snapshot(): string {
    snapshotText ??= `event: state\ndata: ${JSON.stringify({ ...last!, seq })}\n\n`;
    return snapshotText;
  }

  return {
    hasRoom: (ip: string): boolean => clients.size < ctx.limits.maxStreams && (perIp.get(ip) ?? 0) < ctx.limits.perIp,

    /** Hold a response open as an event stream: the whole state now, then a tick at every change. */
    attach(res: ServerResponse, ip: string): void {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
        connection: 'close',
      });
      const client: Client = { res, ip };
      res.on('close', () => drop(client));
      res.write('retry: 2000\n\n');
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      refresh ??= setInterval(() => void read(), REFRESH_MS).unref();
      const join = () => {
        if (res.destroyed) return;
        // Joined between two ticks: the snapshot is the state after the last one, the next applies on it.
        clients.add(client);
        res.write(snapshot());
        syncTicker();
      };
      if (last) join();
      else void read().then(() => (last ? join() : res.end()));
    },

    closeAll(): void {
      for (const client of [...clients]) drop(client);
    },
  };
}

export type CrashLive = ReturnType<typeof createCrashLive>;
