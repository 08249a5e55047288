import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { FanoutUpdate } from './crash-fanout';

// Crash's live pages held by processes of their own (CRASH_LIVE_PROCESSES): writing a tick to
// 10,000 sockets is most of a core, and in the server's event loop the bets and cash-outs waited
// behind it (bench:crash). The server still accepts each page's request (same port, same route,
// its limits) and then hands the socket to the stream process holding the fewest pages; it sends
// every process the state once and each change after it (crash-fanout.ts), and each process
// writes them and the flight's bare ticks to its pages on its own clock. A stream process that
// dies is started again with the current state; its pages reconnect.

/** The stream process's file: next to this one from source (run through tsx), beside server.js when built. */
const WORKER = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('./crash-live-worker.ts', import.meta.url)
    : new URL('./crash-live-worker.js', import.meta.url),
);
const RESTART_MS = 500;

type Worker = { child: ChildProcess; pages: number; byIp: Map<string, number> };

export function createCrashLiveProcesses(opts: {
  count: number;
  tickMs: number;
  log: Pick<Logger, 'warn'>;
  /** The whole state now, for a process that starts (undefined before the first read). */
  current: () => FanoutUpdate | undefined;
  onClosed: (ip: string) => void;
}) {
  const workers: (Worker | undefined)[] = [];
  let closing = false;

  function forget(w: Worker, ip: string): void {
    const n = (w.byIp.get(ip) ?? 1) - 1;
    if (n > 0) w.byIp.set(ip, n);
    else w.byIp.delete(ip);
    w.pages--;
    opts.onClosed(ip);
  }

  function start(i: number): void {
    const child = fork(WORKER, [String(opts.tickMs)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const w: Worker = { child, pages: 0, byIp: new Map() };
    workers[i] = w;
    const state = opts.current();
    if (state) child.send({ t: 'update', u: state });
    child.on('message', (msg: { t: string; ip: string }) => {
      if (msg.t === 'closed') forget(w, msg.ip);
    });
    child.on('error', (err) => opts.log.warn({ err }, 'crash live: a stream process failed'));
    child.on('exit', (code, signal) => {
      for (const [ip, n] of w.byIp) for (let k = 0; k < n; k++) opts.onClosed(ip);
      w.byIp.clear();
      w.pages = 0;
      if (workers[i] === w) workers[i] = undefined;
      if (closing) return;
      opts.log.warn({ code, signal }, 'crash live: a stream process ended; starting another');
      setTimeout(() => {
        if (!closing && !workers[i]) start(i);
      }, RESTART_MS).unref();
    });
  }

  for (let i = 0; i < opts.count; i++) start(i);

  return {
    update(u: FanoutUpdate): void {
      for (const w of workers) if (w?.child.connected) w.child.send({ t: 'update', u });
    },

    /** Hand an accepted page's socket (its request read, nothing written) to the process with the fewest pages. */
    attach(socket: Socket, ip: string): void {
      let w: Worker | undefined;
      for (const x of workers) if (x?.child.connected && (!w || x.pages < w.pages)) w = x;
      if (!w || socket.destroyed) {
        socket.destroy();
        opts.onClosed(ip);
        return;
      }
      const to = w;
      to.pages++;
      to.byIp.set(ip, (to.byIp.get(ip) ?? 0) + 1);
      socket.pause();
      // The process gets a copy of the socket; this one is closed once it is sent (the connection stays with the copy).
      to.child.send({ t: 'attach', ip }, socket, { keepOpen: true }, (err) => {
        socket.destroy();
        if (err) {
          opts.log.warn({ err }, 'crash live: a page could not be handed to a stream process');
          forget(to, ip);
        }
      });
    },

    /** Close every page and end the stream processes (the server stopping). */
    closeAll(): void {
      closing = true;
      for (const w of workers) {
        if (!w?.child.connected) continue;
        w.child.send({ t: 'close' });
        w.child.disconnect();
      }
    },
  };
}
