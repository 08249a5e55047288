// GET /wps/content/promotions throughput next to a bare Fastify route answering the same JSON, each
// in a process of its own, with autocannon in a third (read-load.ts). The app holds 20 published
// promotions with PT and EN words (written through the content service before the rounds), and each
// request asks for them in Portuguese, as the /promotions page does. Every public content read goes
// through the same per-instance cache (content-reads.ts, evicted by the change feed), so this one
// route stands for banners, announcements, legal pages and the help centre. Goal: ≥ 0.8 of the bare
// route.
// Run: npm run bench:content   (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
// else in-memory PGlite; BENCH_DURATION_S, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_CPU_PROF to change)
import { runReadBench } from './read-load';

const GOAL = 0.8;
const PROMOTIONS = 20;

runReadBench(
  'content',
  GOAL,
  (app) => ({ url: `${app.baseUrl}/wps/content/promotions`, method: 'GET', headers: { language: 'PT' } }),
  { BENCH_APP_CONTENT: String(PROMOTIONS) },
).catch((err) => {
  console.error(err);
  process.exit(1);
});
