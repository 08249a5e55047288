// GET /wps/member/info throughput next to a bare Fastify route answering the same JSON, each in a
// process of its own, with autocannon in a third (read-load.ts). Goal: ≥ 0.8 of the bare route.
// Run: npm run bench:member-info   (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
// else in-memory PGlite; BENCH_DURATION_S, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_CPU_PROF to change)
import { runReadBench } from './read-load';

const GOAL = 0.8;

runReadBench('member-info', GOAL, (app) => ({
  url: `${app.baseUrl}/wps/member/info`,
  headers: { authorization: app.token! },
})).catch((err) => {
  console.error(err);
  process.exit(1);
});
