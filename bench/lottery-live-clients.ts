// The load side of bench/lottery-live.bench.ts, in a process of its own: it opens BENCH_LIVE_CLIENTS
// event streams (GET /lgw/live?gameCode=…) to the server, says `ready` once every stream had its
// `hello`, then for each draw change it is told to expect (a line `expect <numero> <status>` on
// stdin) reports when every stream received it: the wall-clock time (ms, performance.timeOrigin
// based, so the parent can compare it with its own) of the first, median, 99th-percentile and last
// receipt, and how many streams got it.
import http from 'node:http';
import readline from 'node:readline';

const [baseUrl, gameCode] = process.argv.slice(2) as [string, string];
const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 10_000);
const wallNow = () => performance.timeOrigin + performance.now();

type Expected = { marker: string; times: number[]; done: (times: number[]) => void };
let expected: Expected | undefined;
let hellos = 0;
const streams: http.ClientRequest[] = [];

function open(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/lgw/live?gameCode=${encodeURIComponent(gameCode)}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${i}: HTTP ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffered = '';
      res.on('data', (chunk: string) => {
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (block.includes('event: hello')) {
            hellos++;
            resolve();
          } else if (expected && block.includes('event: draw') && block.includes(expected.marker)) {
            const e = expected;
            e.times.push(wallNow());
            if (e.times.length === CLIENTS) {
              expected = undefined;
              e.done(e.times);
            }
          }
        }
      });
    });
    req.on('error', reject);
    streams.push(req);
  });
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(): Promise<void> {
  // Open in waves, as pages arriving would, without a SYN flood the loopback refuses.
  for (let i = 0; i < CLIENTS; i += 500)
    await Promise.all(Array.from({ length: Math.min(500, CLIENTS - i) }, (_, k) => open(i + k)));
  console.log(JSON.stringify({ ready: hellos }));
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, numero, status] = line.trim().split(' ');
    if (command === 'stop') break;
    if (command !== 'expect') continue;
    const times = await new Promise<number[]>((resolve) => {
      expected = { marker: `"numero":"${numero}","status":"${status}"`, times: [], done: resolve };
      // Streams that never hear it are reported as missing rather than waited for forever.
      setTimeout(() => {
        if (expected?.marker.includes(numero!)) {
          const e = expected;
          expected = undefined;
          e.done(e.times);
        }
      }, 30_000).unref();
    });
    times.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        received: times.length,
        first: times[0],
        p50: quantile(times, 0.5),
        p99: quantile(times, 0.99),
        last: times[times.length - 1],
      }),
    );
  }
  for (const s of streams) s.destroy();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
