// The load client of shedding.bench.ts, in a process of its own: autocannon against one URL,
// latencies kept apart by status (autocannon's own summary mixes the fast refusals with the
// accepted answers), and whether every 503 carried Retry-After. Prints one JSON line.
//   tsx bench/shed-load.ts <url> <connections> <seconds> [authorization]
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Client = {
  on(event: 'headers', listener: (opts: { statusCode: number; headers: string[] }) => void): void;
  on(event: 'response', listener: (statusCode: number, bytes: number, durationMs: number) => void): void;
};
type Autocannon = (
  opts: {
    url: string;
    connections: number;
    duration: number;
    timeout: number;
    headers: Record<string, string>;
    setupClient: (client: Client) => void;
  },
  done: (err: Error | null, result: { errors: number; timeouts: number }) => void,
) => unknown;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// By path, as read-load.ts runs it: knip.json lists autocannon in ignoreDependencies.
const autocannon = createRequire(import.meta.url)(path.join(ROOT, 'node_modules/autocannon')) as Autocannon;

const [url = '', connections = '200', seconds = '10', authorization] = process.argv.slice(2);
if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`only loopback targets, not ${url}`);

const latencies = new Map<number, number[]>();
let refusedWithoutRetryAfter = 0;

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};

autocannon(
  {
    url,
    connections: Number(connections),
    duration: Number(seconds),
    // The soak's clients give up after 10 s; so does this one (counted as timeouts).
    timeout: 10,
    headers: authorization ? { authorization } : {},
    setupClient(client) {
      client.on('headers', ({ statusCode, headers }) => {
        if (statusCode !== 503) return;
        const names = headers.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase());
        if (!names.includes('retry-after')) refusedWithoutRetryAfter += 1;
      });
      client.on('response', (statusCode, _bytes, durationMs) => {
        let list = latencies.get(statusCode);
        if (!list) latencies.set(statusCode, (list = []));
        list.push(durationMs);
      });
    },
  },
  (err, result) => {
    if (err) throw err;
    const byStatus = Object.fromEntries(
      [...latencies].map(([status, list]) => [
        status,
        { count: list.length, p50Ms: percentile(list, 50), p99Ms: percentile(list, 99) },
      ]),
    );
    console.log(
      JSON.stringify({ byStatus, refusedWithoutRetryAfter, errors: result.errors, timeouts: result.timeouts }),
    );
  },
);
