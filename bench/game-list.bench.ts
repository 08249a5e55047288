// POST /wps/relay/GCSGAME_gameList throughput through a real listening server, next to a bare
// Fastify route measured the same way in the same run. Goal: the game list at ≥ 0.5× the bare
// route. Each request asks for the first page (42 games) of the sandbox vendor's RNG games, as the
// lobby does when a player opens /rng?vassalage=SBX.
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
/** Bare and game-list runs alternate this many times; the medians are compared, so a burst of load
 * from elsewhere on the machine skews one round, not the ratio. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const GOAL = 0.5;

function median(results: LoadResult[]): LoadResult {
  return [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(results.length / 2)]!;
}

function describeResult(name: string, r: LoadResult): string {
  return `${name.padEnd(36)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms  (${r.requests} requests, ${r.errors} errors)`;
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
    // The lobby's first page of a vendor's slots: 42 games, the page size of spec §9.
    const body = { pageNo: 1, pageSize: 42, vassalage: 'SBX', gameType: 'RNG', clientType: 3, platform: 'html5-desktop' };

    // The same page the load will ask for must be a real, non-empty answer.
    const probe = await fetch(`${server.baseUrl}/wps/relay/GCSGAME_gameList`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const page = (await probe.json()) as { success: boolean; value?: { games: unknown[]; total: number } };
    if (!page.success || !page.value || page.value.games.length === 0) throw new Error(`game list probe failed: ${JSON.stringify(page)}`);

    console.log(
      `game-list bench: ${server.databaseKind}, concurrency ${CONCURRENCY}, ${ROUNDS} × ${DURATION_MS} ms each after ${WARMUP_MS} ms warm-up, node ${process.version}`,
    );
    console.log(`each request: ${page.value.games.length} of ${page.value.total} matching games`);
    const load = { concurrency: CONCURRENCY, durationMs: DURATION_MS, warmupMs: WARMUP_MS, method: 'POST' as const };
    const bares: LoadResult[] = [];
    const lists: LoadResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const bareRound = await runLoad({ ...load, url: `http://127.0.0.1:${barePort}/bare`, body: {} });
      const listRound = await runLoad({ ...load, url: `${server.baseUrl}/wps/relay/GCSGAME_gameList`, headers: { authorization: token }, body });
      console.log(`  round ${round}: bare ${bareRound.requestsPerSecond.toFixed(0)} req/s, game list ${listRound.requestsPerSecond.toFixed(0)} req/s`);
      bares.push(bareRound);
      lists.push(listRound);
    }
    const bareResult = median(bares);
    const listResult = median(lists);

    console.log(describeResult('bare Fastify route (median)', bareResult));
    console.log(describeResult('POST GCSGAME_gameList (median)', listResult));
    const failed = [...bares, ...lists].find((r) => r.errors > 0);
    if (failed) throw new Error(`non-200 answers: ${JSON.stringify(failed.statuses)} ${failed.firstError ?? ''}`);
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
