// POST /wps/relay/GCSGAME_gameList throughput through a real listening server, next to a bare
// Fastify route measured the same way in the same run. Goal: the game list at ≥ 0.5× the bare
// route. Each request asks for a page of 42 RNG games of the sandbox vendor, filtered by classify
// and name like the lobby's search does, so the filtering work is measured too.
// Run: npx tsx bench/game-list.bench.ts   (BENCH_DURATION_MS, BENCH_CONCURRENCY to change;
// against PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, see bench-server.ts)
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
  return `${name.padEnd(28)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms  (${r.requests} requests, ${r.errors} errors)`;
}

async function main() {
  const server = await startBenchServer();
  const bare = Fastify({ logger: false });
  bare.post('/bare', () => ({ success: true, value: 1 }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as AddressInfo).port;

  try {
    const key = await fetchRsaKey(server.baseUrl);
    const token = await registerMember(server.baseUrl, key, uniqueUsername('bench'), 'Bench7pass9word');
    const body = { pageNo: 1, pageSize: 42, vassalage: 'SBX', gameType: 'RNG', gameClassify: 'slots', gameName: 'a', clientType: 3, platform: 'html5-desktop' };

    // The same page the load will ask for must be a real, non-empty answer.
    const probe = await fetch(`${server.baseUrl}/wps/relay/GCSGAME_gameList`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const page = (await probe.json()) as { success: boolean; value?: { games: unknown[]; total: number } };
    if (!page.success || !page.value || page.value.games.length === 0) throw new Error(`game list probe failed: ${JSON.stringify(page)}`);

    console.log(`game-list bench: ${server.databaseKind}, concurrency ${CONCURRENCY}, ${DURATION_MS} ms after ${WARMUP_MS} ms warm-up, node ${process.version}`);
    console.log(`each request: ${page.value.games.length} of ${page.value.total} matching games`);
    const load = { concurrency: CONCURRENCY, durationMs: DURATION_MS, warmupMs: WARMUP_MS, method: 'POST' as const };
    const bareResult = await runLoad({ ...load, url: `http://127.0.0.1:${barePort}/bare`, body: {} });
    const listResult = await runLoad({ ...load, url: `${server.baseUrl}/wps/relay/GCSGAME_gameList`, headers: { authorization: token }, body });

    console.log(describeResult('bare Fastify route', bareResult));
    console.log(describeResult('POST GCSGAME_gameList', listResult));
    if (listResult.errors > 0 || bareResult.errors > 0) {
      throw new Error(`non-200 answers: list ${JSON.stringify(listResult.statuses)} ${listResult.firstError ?? ''}; bare ${JSON.stringify(bareResult.statuses)}`);
    }
    const ratio = listResult.requestsPerSecond / bareResult.requestsPerSecond;
    console.log(`ratio game-list / bare: ${ratio.toFixed(2)} (goal ≥ ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'})`);
  } finally {
    await bare.close();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
