import { Worker } from 'node:worker_threads';

export type LoadOptions = {
  url: string;
  headers?: Record<string, string>;
  /** GET unless set; a POST sends `body` as JSON on every request. */
  method?: 'GET' | 'POST';
  body?: unknown;
  concurrency: number;
  durationMs: number;
  warmupMs: number;
};

export type LoadResult = {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  firstError: string | undefined;
};

// The load loop runs in a worker thread so the client does not share the server's event loop.
// Plain CommonJS in an eval'd string keeps it independent of the TypeScript loader.
const WORKER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, concurrency, durationMs, warmupMs, method, body } = workerData;
const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
const requestHeaders = payload ? { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) } : headers;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const target = new URL(url);

function once() {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: method || 'GET', agent, headers: requestHeaders },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          resolve({ status: res.statusCode, ms, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', (err) => resolve({ status: 0, ms: 0, body: String(err) }));
    req.end(payload);
  });
}

async function phase(ms, record) {
  const deadline = Date.now() + ms;
  const stats = { requests: 0, errors: 0, statuses: {}, latencies: [], firstError: undefined };
  async function loop() {
    while (Date.now() < deadline) {
      const r = await once();
      if (!record) continue;
      stats.requests++;
      stats.statuses[r.status] = (stats.statuses[r.status] || 0) + 1;
      if (r.status !== 200) {
        stats.errors++;
        if (!stats.firstError) stats.firstError = r.status + ' ' + r.body.slice(0, 300);
      }
      stats.latencies.push(r.ms);
    }
  }
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, loop));
  stats.seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return stats;
}

(async () => {
  await phase(warmupMs, false);
  const s = await phase(durationMs, true);
  s.latencies.sort((a, b) => a - b);
  const pick = (q) => s.latencies.length ? s.latencies[Math.min(s.latencies.length - 1, Math.floor(q * s.latencies.length))] : 0;
  parentPort.postMessage({
    requests: s.requests,
    errors: s.errors,
    statuses: s.statuses,
    seconds: s.seconds,
    requestsPerSecond: s.requests / s.seconds,
    p50Ms: pick(0.5),
    p99Ms: pick(0.99),
    firstError: s.firstError,
  });
  agent.destroy();
})();
`;

/** Drive GET (or JSON POST) requests at `url` from a worker thread for a fixed time (after a warm-up) and report throughput. */
export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const host = new URL(opts.url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
    throw new Error(`benchmarks only target loopback, not ${host}`);
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { headers: {}, ...opts } });
    worker.once('message', (m: LoadResult) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Value at quantile q (0..1) of an ascending-sorted list. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
