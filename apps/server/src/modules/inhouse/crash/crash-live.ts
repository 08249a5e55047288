import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { CrashState } from '@wps/shared/schemas/inhouse-crash';
import { diffCrashState } from '@wps/shared/schemas/inhouse-crash-live';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../../db/change-feed';
import { createCrashFanout, type CrashFlight, type FanoutUpdate } from './crash-fanout';
import { createCrashLiveProcesses } from './crash-live-processes';

// Crash's live pages (Server-Sent Events), on every instance. A round's phase change is announced
// by the database at commit (migration 0720, wps_crash_change) to every instance's change feed,
// and while a round is open (betting or flying) the instance reads it every CRASH_TICK_MS (bets
// and cash-outs no longer notify: migration 0760). Each read is compared with the last, and only
// what changed goes to the pages (a `tick`, packages/shared/src/schemas/inhouse-crash-live.ts).
// While the round flies a bare tick also goes out every CRASH_TICK_MS with the multiplier and the
// server's clock, so a page sees the flight in step with the server and can measure its delay. A
// page gets the whole state once, when it connects: the state the other pages hold, never a read
// of its own, so 10,000 pages connecting cost no query each and join the same sequence of ticks.
//
// The writing is crash-fanout.ts: in this process, or (CRASH_LIVE_PROCESSES > 0) in stream
// processes of their own that this one hands the pages' sockets to (crash-live-processes.ts).

const COALESCE_MS = 40;
/**
 * At most one event with changes per this, and a bare tick this often while the round flies:
 * writing an event to 10,000 pages is 10,000 socket writes, so changes arriving faster (a bet or a
 * cash-out every millisecond) ride together in the next event.
 */
export const CRASH_TICK_MS = 200;
/** While the feed is down (or no round is open), the state is read again this often. */
const REFRESH_MS = 2000;

export type CrashLiveContext = {
  changeFeed: Pick<ChangeFeed, 'subscribe'>;
  log: Pick<Logger, 'warn'>;
  readState: () => Promise<CrashState>;
  limits: { maxStreams: number; perIp: number };
  /** Stream processes holding the pages (0: this process writes them). */
  processes?: number;
  /** This process's clock (ms); tests move it. */
  now?: () => number;
  tickMs?: number;
};

export function createCrashLive(ctx: CrashLiveContext) {
  const clock = ctx.now ?? Date.now;
  const tickMs = ctx.tickMs ?? CRASH_TICK_MS;
  let open = 0;
  const perIp = new Map<string, number>();
  let pending: NodeJS.Timeout | undefined;
  let refresh: NodeJS.Timeout | undefined;
  let poller: NodeJS.Timeout | undefined;
  /** The state every page holds now and the last change's number. */
  let last: CrashState | undefined;
  let seq = 0;
  /** The database's clock less this process's, from the last read (the flight's start is the database's). */
  let offsetMs = 0;
  let reading: Promise<void> | undefined;
  let lastSentAt = 0;

  function closed(ip: string): void {
    open--;
    const left = (perIp.get(ip) ?? 1) - 1;
    if (left > 0) perIp.set(ip, left);
    else perIp.delete(ip);
    if (open <= 0) stopTimers();
  }

  function stopTimers(): void {
    if (refresh) clearInterval(refresh);
    if (poller) clearInterval(poller);
    refresh = undefined;
    poller = undefined;
  }

  function flightOf(state: CrashState | undefined): CrashFlight | null {
    const round = state?.round;
    if (round?.phase !== 'flying' || !round.startedAt) return null;
    return { startedAtMs: Date.parse(round.startedAt) - offsetMs, growthPerMs: round.growthPerMs };
  }

  const current = (): FanoutUpdate | undefined =>
    last ? { kind: 'state', snapshot: { ...last, seq }, flight: flightOf(last), offsetMs } : undefined;

  const target = ctx.processes
    ? createCrashLiveProcesses({ count: ctx.processes, tickMs, log: ctx.log, current, onClosed: closed })
    : createCrashFanout({ tickMs, now: ctx.now, onClosed: closed });

  /** Read the state and send what changed; reads never overlap (a change during one reads again after it). */
  function read(): Promise<void> {
    reading ??= ctx
      .readState()
      .then(
        (state) => {
          offsetMs = Date.parse(state.serverTime) - clock();
          const first = last === undefined;
          const parts = diffCrashState(last, state);
          last = state;
          if (first) target.update(current()!);
          else if (Object.keys(parts).length > 0) {
            seq++;
            lastSentAt = clock();
            target.update({ kind: 'change', seq, parts, flight: flightOf(state), offsetMs });
          }
          syncPoller();
        },
        (err: unknown) => ctx.log.warn({ err }, 'crash live: could not read the state'),
      )
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  /** While a round is open and pages listen, its bets and cash-outs are read every tick. */
  function syncPoller(): void {
    const phase = last?.round?.phase;
    const run = (phase === 'betting' || phase === 'flying') && open > 0;
    if (run && !poller) poller = setInterval(() => void read(), tickMs).unref();
    else if (!run && poller) {
      clearInterval(poller);
      poller = undefined;
    }
  }

  /** A phase change: read soon (a burst makes one read), a full tick after the last change sent. */
  function schedule(): void {
    if (pending || open <= 0) return;
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

  return {
    hasRoom: (ip: string): boolean => open < ctx.limits.maxStreams && (perIp.get(ip) ?? 0) < ctx.limits.perIp,

    /** Hold a page's socket (its request read, nothing written) open as an event stream: the whole state now, then a tick at every change. */
    attach(socket: Socket, ip: string): void {
      open++;
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      refresh ??= setInterval(() => void read(), REFRESH_MS).unref();
      if (last) {
        target.attach(socket, ip);
        syncPoller();
      } else void read().then(() => target.attach(socket, ip));
    },

    closeAll(): void {
      target.closeAll();
    },
  };
}

export type CrashLive = ReturnType<typeof createCrashLive>;
