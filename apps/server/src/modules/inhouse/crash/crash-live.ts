import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { CrashState } from '@wps/shared/schemas/inhouse-crash';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../../db/change-feed';

// Crash's live pages (Server-Sent Events), on every instance. A round's phase change or a bet placed
// or cashed out is announced by the database at commit (migration 0720, wps_crash_change) to every
// instance's change feed; each instance then reads the state once (bursts of changes within
// COALESCE_MS make one read) and writes the same frame to every page it holds. The rising
// multiplier travels as the flight's start and the server's time: the page draws it itself.

const COALESCE_MS = 40;
/** While the feed is down (or between changes), pages still get the state this often. */
const REFRESH_MS = 2000;
const MAX_QUEUED_BYTES = 256 * 1024;

type Client = { res: ServerResponse; ip: string };

export type CrashLiveContext = {
  changeFeed: Pick<ChangeFeed, 'subscribe'>;
  log: Pick<Logger, 'warn'>;
  readState: () => Promise<CrashState>;
  limits: { maxStreams: number; perIp: number };
};

export function createCrashLive(ctx: CrashLiveContext) {
  const clients = new Set<Client>();
  const perIp = new Map<string, number>();
  let pending: NodeJS.Timeout | undefined;
  let refresh: NodeJS.Timeout | undefined;

  function drop(client: Client): void {
    if (!clients.delete(client)) return;
    const left = (perIp.get(client.ip) ?? 1) - 1;
    if (left > 0) perIp.set(client.ip, left);
    else perIp.delete(client.ip);
    client.res.end();
    if (clients.size === 0 && refresh) {
      clearInterval(refresh);
      refresh = undefined;
    }
  }

  function broadcast(text: string): void {
    for (const client of clients) {
      if (client.res.writableLength > MAX_QUEUED_BYTES) drop(client);
      else client.res.write(text);
    }
  }

  function push(): void {
    if (clients.size === 0) return;
    ctx.readState().then(
      (state) => broadcast(`event: state\ndata: ${JSON.stringify(state)}\n\n`),
      (err: unknown) => ctx.log.warn({ err }, 'crash live: could not read the state'),
    );
  }

  function schedule(): void {
    if (pending || clients.size === 0) return;
    pending = setTimeout(() => {
      pending = undefined;
      push();
    }, COALESCE_MS);
    pending.unref();
  }

  ctx.changeFeed.subscribe(CHANGE_CHANNELS.crashChange, schedule);

  return {
    hasRoom: (ip: string): boolean => clients.size < ctx.limits.maxStreams && (perIp.get(ip) ?? 0) < ctx.limits.perIp,

    /** Hold a response open as an event stream: the state now, then at every change. */
    attach(res: ServerResponse, ip: string): void {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
        connection: 'close',
      });
      const client: Client = { res, ip };
      clients.add(client);
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      res.on('close', () => drop(client));
      res.write('retry: 2000\n\n');
      ctx.readState().then(
        (state) => {
          if (clients.has(client)) res.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
        },
        (err: unknown) => ctx.log.warn({ err }, 'crash live: could not read the state'),
      );
      refresh ??= setInterval(push, REFRESH_MS).unref();
    },

    closeAll(): void {
      for (const client of [...clients]) drop(client);
    },
  };
}

export type CrashLive = ReturnType<typeof createCrashLive>;
