// The pages of bench/crash.bench.ts, in a process of its own: BENCH_CRASH_CLIENTS event streams to
// one URL (the app's GET /wps/inhouse/crash/live, or the baseline's bare stream). Every event that
// carries the server's clock ("at": ms since 1970, written when the server sent it) is timed on
// arrival against this process's clock (same machine, same clock): its delay. Says {"ready": n}
// once every stream had its first event; on stdin, `reset` forgets the delays so far, `report`
// prints {"events", "p50", "p99", "max", "open"} (ms) of those since, `stop` ends.
import http from 'node:http';
import readline from 'node:readline';

const [url] = process.argv.slice(2) as [string];
const CLIENTS = Number(process.env.BENCH_CRASH_CLIENTS ?? 5000);
let delays: number[] = [];
let open = 0;
const streams: http.ClientRequest[] = [];

/** The `"at":` number of an event's text, without parsing the rest of it. */
function atOf(block: string): number | undefined {
  const i = block.indexOf('"at":');
  if (i < 0) return undefined;
  return Number.parseInt(block.slice(i + 5, i + 25), 10);
}

function connect(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${i}: HTTP ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffered = '';
      let first = true;
      res.on('data', (chunk: string) => {
        const now = Date.now();
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (!block.includes('data:')) continue;
          if (first) {
            first = false;
            open++;
            resolve();
          }
          const at = atOf(block);
          if (at !== undefined && !Number.isNaN(at)) delays.push(now - at);
        }
      });
      res.on('close', () => open--);
    });
    req.on('error', reject);
    streams.push(req);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  // In waves, as pages arriving would, without a SYN flood the loopback refuses.
  for (let i = 0; i < CLIENTS; i += 500)
    await Promise.all(Array.from({ length: Math.min(500, CLIENTS - i) }, (_, k) => connect(i + k)));
  console.log(JSON.stringify({ ready: open }));
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const command = line.trim();
    if (command === 'stop') break;
    if (command === 'reset') delays = [];
    if (command === 'report') {
      const sorted = Float64Array.from(delays).sort();
      console.log(
        JSON.stringify({
          events: sorted.length,
          p50: quantile([...sorted], 0.5),
          p99: quantile([...sorted], 0.99),
          max: sorted[sorted.length - 1] ?? NaN,
          open,
        }),
      );
    }
  }
  for (const s of streams) s.destroy();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
