import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import { parseLotteryChange } from './lottery-change';

// The lottery's live updates to open pages (Server-Sent Events). A draw's status change is
// announced by the database at commit (migration 0312) to every instance's change feed, so a
// page held open by any instance hears a draw that another instance opened, decided or settled.
// Each message is serialised once and written to every matching stream; the pages refetch what
// the event names (the countdown, the last results, the player's tickets) through their usual
// calls, so nothing private travels on this public stream.

/** A comment line every 15 s keeps proxies from closing an idle stream, and carries the server's time for the countdowns. */
const HEARTBEAT_MS = 15_000;
/** A client this far behind (bytes queued in its socket) is dropped; its page reconnects and refetches. */
const MAX_QUEUED_BYTES = 256 * 1024;

type Client = { res: ServerResponse; gameCode: string | null; ip: string };

export type LotteryLiveContext = {
  changeFeed: Pick<ChangeFeed, 'subscribe' | 'onReset'>;
  log: Pick<Logger, 'warn'>;
  now: () => Date;
  /** Streams one instance holds open at most, and per client address; the next is refused (SERVER_BUSY) until one closes. */
  limits: { maxStreams: number; perIp: number };
  /**
   * Whether a game's draws may be announced: false for a product the licence in force forbids
   * (BR: a foreign lottery's draws), which no page of the site may show. Asked once per change,
   * not per stream: the stream is public and the same for every page.
   */
  shown: (gameCode: string) => Promise<boolean>;
};

export function createLotteryLive(ctx: LotteryLiveContext) {
  const clients = new Set<Client>();
  const perIp = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;

  function frame(event: string, data: unknown): string {
    return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  function write(client: Client, text: string): void {
    if (client.res.writableLength > MAX_QUEUED_BYTES) {
      drop(client);
      return;
    }
    client.res.write(text);
  }

  function drop(client: Client): void {
    if (!clients.delete(client)) return;
    const left = (perIp.get(client.ip) ?? 1) - 1;
    if (left > 0) perIp.set(client.ip, left);
    else perIp.delete(client.ip);
    client.res.end();
    if (clients.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function broadcast(gameCode: string | null, text: string): void {
    for (const client of clients) {
      if (gameCode === null || client.gameCode === null || client.gameCode === gameCode) write(client, text);
    }
  }

  ctx.changeFeed.subscribe(CHANGE_CHANNELS.lotteryChange, (payload) => {
    const change = parseLotteryChange(payload);
    if (!change) {
      ctx.log.warn({ payload }, 'lottery live: unreadable change');
      return;
    }
    // Fails closed: a change whose game cannot be read is not announced (pages refetch on the next).
    ctx.shown(change.gameCode).then(
      (shown) => {
        if (shown) broadcast(change.gameCode, frame('draw', { ...change, serverTime: ctx.now().toISOString() }));
      },
      (err: unknown) =>
        ctx.log.warn({ err, gameCode: change.gameCode }, 'lottery live: could not tell whether to announce'),
    );
  });
  // While the feed was down, changes may have been missed: every page refetches.
  ctx.changeFeed.onReset(() => broadcast(null, frame('reset', { serverTime: ctx.now().toISOString() })));

  return {
    get size(): number {
      return clients.size;
    },

    /** Room for one more stream on this instance, from this address. */
    hasRoom: (ip: string): boolean => clients.size < ctx.limits.maxStreams && (perIp.get(ip) ?? 0) < ctx.limits.perIp,

    /**
     * Hold a response open as an event stream: the server's time first, then every draw change of
     * the game (of every game without one), until the client goes or the server stops.
     */
    attach(res: ServerResponse, gameCode: string | null, ip: string): void {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Proxies that buffer responses (nginx) would hold the events back.
        'x-accel-buffering': 'no',
        // The socket is never reused after a stream: closing it with the stream lets a stopping
        // server finish at once instead of waiting out the keep-alive timeout.
        connection: 'close',
      });
      const client: Client = { res, gameCode, ip };
      clients.add(client);
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      res.on('close', () => drop(client));
      // A reconnecting page waits this long before trying again.
      res.write(`retry: 3000\n${frame('hello', { serverTime: ctx.now().toISOString() })}`);
      heartbeat ??= setInterval(() => broadcast(null, `: ${ctx.now().toISOString()}\n\n`), HEARTBEAT_MS).unref();
    },

    /** End every stream (the server is stopping: open streams would hold its close). */
    closeAll(): void {
      for (const client of [...clients]) drop(client);
    },
  };
}

export type LotteryLive = ReturnType<typeof createLotteryLive>;
