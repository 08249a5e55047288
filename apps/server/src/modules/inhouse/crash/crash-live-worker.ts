import type { Socket } from 'node:net';
import { createCrashFanout, type FanoutUpdate } from './crash-fanout';

// A live stream process of crash (started by crash-live-processes.ts, one of CRASH_LIVE_PROCESSES):
// it is handed the sockets of pages the server accepted and writes them the server's updates and,
// on its own clock, the flight's bare ticks. It reads no database and takes no requests; it ends
// with the server (its channel closing, a kill -9 included), closing its pages, which reconnect.

type FromServer = { t: 'update'; u: FanoutUpdate } | { t: 'attach'; ip: string } | { t: 'close' };

const fanout = createCrashFanout({
  tickMs: Number(process.argv[2] ?? 200),
  onClosed: (ip) => {
    if (process.connected) process.send?.({ t: 'closed', ip });
  },
});

process.on('message', (msg: FromServer, handle?: Socket) => {
  if (msg.t === 'update') fanout.update(msg.u);
  else if (msg.t === 'attach') {
    if (handle) fanout.attach(handle, msg.ip);
    else process.send?.({ t: 'closed', ip: msg.ip });
  } else if (msg.t === 'close') fanout.closeAll();
});

// The channel broke (the server gone while a page closed): as a disconnect.
process.on('error', () => process.exit(0));

process.on('disconnect', () => {
  fanout.closeAll();
  process.exit(0);
});
