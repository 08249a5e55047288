import type { Socket } from 'node:net';
import { crashMultiplierAt } from '@wps/shared/originals/crash';
import { applyCrashTick, type CrashLiveSnapshot, type CrashTick } from '@wps/shared/schemas/inhouse-crash-live';

// Writing crash's live events to the open pages of one process (crash-live.ts decides what to
// send; this writes it). It runs in the server's own process, or in each of the live stream
// processes (crash-live-processes.ts), which then hold the pages' sockets and write their ticks
// while the server's event loop takes bets and cash-outs.
//
// Cheap per page: the stream is the raw socket (the HTTP head is written once, by hand, with
// `connection: close` and no chunked framing: the body ends when the socket does), and each event
// is serialised once into one Buffer that every socket is given as it is: one write per page, no
// per-page text encoding, framing or deferred uncorking.
//
// The state a joining page is given is the one the pages hold: this process keeps it by applying
// each tick exactly as a page does (applyCrashTick), so a page joining mid-flight on any process
// rebuilds the same state as one there from the start.

/** The round in flight, for the multiplier of a tick: its start on this machine's clock. */
export type CrashFlight = { startedAtMs: number; growthPerMs: number };

/** A tick's changes (seq, at and m are added when it is written). */
export type CrashChange = Omit<CrashTick, 'seq' | 'at' | 'm'>;

/**
 * What the deciding side sends: the whole state (before the first page, and to a stream process
 * that starts), then each change with its sequence number. `offsetMs`: the database's clock less
 * this machine's (a snapshot's serverTime).
 */
export type FanoutUpdate =
  | { kind: 'state'; snapshot: CrashLiveSnapshot; flight: CrashFlight | null; offsetMs: number }
  | { kind: 'change'; seq: number; parts: CrashChange; flight: CrashFlight | null; offsetMs: number };

/** The part of a socket the fan-out uses (tests give a fake). */
export type StreamSocket = Pick<Socket, 'write' | 'destroy' | 'destroyed' | 'writableLength' | 'on'>;

/** A page whose writes queue past this is too slow to follow: it is closed and reconnects. */
const MAX_QUEUED_BYTES = 256 * 1024;

const HEAD = Buffer.from(
  'HTTP/1.1 200 OK\r\n' +
    'content-type: text/event-stream; charset=utf-8\r\n' +
    'cache-control: no-store\r\n' +
    'x-content-type-options: nosniff\r\n' +
    'x-accel-buffering: no\r\n' +
    'connection: close\r\n\r\n' +
    'retry: 2000\n\n',
);

type Client = { socket: StreamSocket; ip: string };

export function createCrashFanout(opts: {
  tickMs: number;
  /** A page's stream ended (any cause), with the address it was counted under. */
  onClosed?: (ip: string) => void;
  now?: () => number;
}) {
  const clock = opts.now ?? Date.now;
  const clients = new Set<Client>();
  let held: CrashLiveSnapshot | undefined;
  let snapshotBuffer: Buffer | undefined;
  let flight: CrashFlight | null = null;
  let offsetMs = 0;
  let ticker: NodeJS.Timeout | undefined;
  let lastSentAt = 0;

  function drop(client: Client): void {
    if (!clients.delete(client)) return;
    if (!client.socket.destroyed) client.socket.destroy();
    opts.onClosed?.(client.ip);
    syncTicker();
  }

  /** One Buffer to every page; `droppable` (a bare tick) skips a page whose last writes are still queued. */
  function broadcast(buffer: Buffer, droppable: boolean): void {
    for (const client of clients) {
      const { socket } = client;
      if (socket.writableLength > MAX_QUEUED_BYTES) drop(client);
      else if (!droppable || socket.writableLength === 0) socket.write(buffer);
    }
  }

  const multiplierAt = (at: number): number | null =>
    flight ? crashMultiplierAt(Math.max(0, at - flight.startedAtMs), flight.growthPerMs) : null;

  const eventBuffer = (event: string, data: unknown) =>
    Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  /**
   * While the round flies and pages are open, a bare tick (the multiplier and the clock, the last
   * change's number) every tickMs after the last event; a page still taking earlier writes skips it.
   */
  function syncTicker(): void {
    const run = flight !== null && clients.size > 0;
    if (run && !ticker)
      ticker = setInterval(() => {
        const at = clock();
        if (at - lastSentAt < opts.tickMs / 2 || !held) return;
        lastSentAt = at;
        broadcast(eventBuffer('tick', { seq: held.seq, at, m: multiplierAt(at) } satisfies CrashTick), true);
      }, opts.tickMs).unref();
    else if (!run && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }

  return {
    update(u: FanoutUpdate): void {
      flight = u.flight;
      offsetMs = u.offsetMs;
      snapshotBuffer = undefined;
      if (u.kind === 'state') held = u.snapshot;
      else if (held) {
        const at = clock();
        lastSentAt = at;
        const tick: CrashTick = { seq: u.seq, at, m: multiplierAt(at), ...u.parts };
        held = { ...applyCrashTick(held, tick), seq: u.seq };
        broadcast(eventBuffer('tick', tick), false);
      }
      syncTicker();
    },

    /** Hold a socket open as an event stream (its request read; nothing written yet): the head and the state now, then every tick. */
    attach(socket: StreamSocket, ip: string): void {
      if (socket.destroyed || !held) {
        socket.destroy();
        opts.onClosed?.(ip);
        return;
      }
      const client: Client = { socket, ip };
      clients.add(client);
      socket.on('close', () => drop(client));
      // A reset page: its close follows.
      socket.on('error', () => undefined);
      snapshotBuffer ??= eventBuffer('state', { ...held, serverTime: new Date(clock() + offsetMs).toISOString() });
      socket.write(HEAD);
      socket.write(snapshotBuffer);
      syncTicker();
    },

    size: (): number => clients.size,

    closeAll(): void {
      for (const client of [...clients]) drop(client);
    },
  };
}

export type CrashFanout = ReturnType<typeof createCrashFanout>;
