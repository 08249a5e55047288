// GET /wps/member/info throughput through a real listening server, next to a bare Fastify route
// measured the same way in the same run. Goal: member info at ≥ 0.5× the bare route.
// Run: npx tsx bench/member-info.bench.ts   (BENCH_DURATION_MS, BENCH_CONCURRENCY to change)
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { startBenchServer } from './bench-server';
import { fetchRsaKey, registerMember, uniqueUsername } from './bench-client';
import { runLoad, type LoadResult } from './http-load';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const GOAL = 0.5;

function describeResult(name: string, r: LoadResult): string {
  return `${name.padEnd(22)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms  (${r.requests} requests, ${r.errors} errors)`;
}

async function main() {
  const server = await startBenchServer();
  const bare = Fastify({ logger: false });
  bare.get('/bare', () => ({ success: true, value: 1 }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as AddressInfo).port;

  try {
    const key = await fetchRsaKey(server.baseUrl);
    const token = await registerMember(server.baseUrl, key, uniqueUsername('bench'), 'Bench7pass9word');

    console.log(`member-info bench: ${server.databaseKind}, concurrency ${CONCURRENCY}, ${DURATION_MS} ms after ${WARMUP_MS} ms warm-up, node ${process.version}`);
    const load = { concurrency: CONCURRENCY, durationMs: DURATION_MS, warmupMs: WARMUP_MS };
    const bareResult = await runLoad({ ...load, url: `http://127.0.0.1:${barePort}/bare` });
    const infoResult = await runLoad({ ...load, url: `${server.baseUrl}/wps/member/info`, headers: { authorization: token } });

    console.log(describeResult('bare Fastify route', bareResult));
    console.log(describeResult('GET /wps/member/info', infoResult));
    if (infoResult.errors > 0 || bareResult.errors > 0) {
      throw new Error(`non-200 answers: info ${JSON.stringify(infoResult.statuses)} ${infoResult.firstError ?? ''}; bare ${JSON.stringify(bareResult.statuses)}`);
    }
    const ratio = infoResult.requestsPerSecond / bareResult.requestsPerSecond;
    console.log(`ratio member-info / bare: ${ratio.toFixed(2)} (goal ≥ ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'})`);
  } finally {
    await bare.close();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
