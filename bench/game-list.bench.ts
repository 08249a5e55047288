// POST /wps/relay/GCSGAME_gameList throughput next to a bare Fastify route answering the same JSON,
// each in a process of its own, with autocannon in a third (read-load.ts). Each request asks for the
// first page (42 games) of the sandbox vendor's RNG games, as the lobby does when a player opens
// /rng?vassalage=SBX. Goal: ≥ 0.8 of the bare route.
// Run: npm run bench:game-list   (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
// else in-memory PGlite; BENCH_DURATION_S, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_CPU_PROF to change)
import { runReadBench } from './read-load';

const GOAL = 0.8;
/** The lobby's first page of a vendor's slots: 42 games. */
const PAGE = { pageNo: 1, pageSize: 42, vassalage: 'SBX', gameType: 'RNG', clientType: 3, platform: 'html5-desktop' };

runReadBench('game-list', GOAL, (app) => ({
  url: `${app.baseUrl}/wps/relay/GCSGAME_gameList`,
  method: 'POST',
  headers: { authorization: app.token! },
  body: PAGE,
})).catch((err) => {
  console.error(err);
  process.exit(1);
});
