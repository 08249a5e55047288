// GET /wps/v2/wallets/balance (the member's main-wallet balance) throughput next to a bare Fastify
// route answering the same JSON, each in a process of its own, with autocannon in a third
// (read-load.ts). Goal: ≥ 0.5 of the bare route.
// Run: npm run bench:balance   (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
// else in-memory PGlite; BENCH_DURATION_S, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_CPU_PROF to change)
import { runReadBench } from './read-load';

const GOAL = 0.5;

runReadBench('balance', GOAL, (app) => ({
  url: `${app.baseUrl}/wps/v2/wallets/balance`,
  headers: { authorization: app.token! },
})).catch((err) => {
  console.error(err);
  process.exit(1);
});
