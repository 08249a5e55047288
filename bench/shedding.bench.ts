// Load shedding measured (docs/operations.md, "Load shedding"): one app instance (its own process,
// NODE_ENV=production, read-server.ts) driven past what it can serve by autocannon in a third
// process (shed-load.ts) at high concurrency on GET /wps/v2/wallets/balance, once with no bound
// and once with a deliberately low in-flight bound. Prints, for each, the answers by status, the
// p50/p99 of the accepted (200) answers, the refusals' p99, timeouts, and 503s without Retry-After.
// Run: npm run bench:shedding   (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
// else PGlite; BENCH_SHED_CONNECTIONS (600), BENCH_SHED_SECONDS (15), BENCH_SHED_IN_FLIGHT (32))
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from './read-load';

const CONNECTIONS = Number(process.env.BENCH_SHED_CONNECTIONS ?? 600);
const SECONDS = Number(process.env.BENCH_SHED_SECONDS ?? 15);
const IN_FLIGHT = Number(process.env.BENCH_SHED_IN_FLIGHT ?? 32);
const DELAY_MS = Number(process.env.BENCH_SHED_DELAY_MS ?? 0);
const POOL = Number(process.env.BENCH_POOL_SIZE ?? 2);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type StatusFigures = { count: number; p50Ms: number | null; p99Ms: number | null };
type LoadResult = {
  byStatus: Record<string, StatusFigures>;
  refusedWithoutRetryAfter: number;
  errors: number;
  timeouts: number;
};

const NORMAL_CONNECTIONS = 16;

function runLoad(url: string, authorization: string, connections: number): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench/shed-load.ts'),
      url,
      String(connections),
      String(SECONDS),
      authorization,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult)
        : reject(new Error(`load ${code}`)),
    );
  });
}

async function measure(label: string, env: Record<string, string>, connections = CONNECTIONS): Promise<LoadResult> {
  const server = await startServerProcess('app', env);
  try {
    const url = `${server.info.baseUrl}/wps/v2/wallets/balance`;
    const result = await runLoad(url, server.info.token!, connections);
    const line = (status: string) => {
      const f = result.byStatus[status];
      return f ? `${f.count} (p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms)` : '0';
    };
    console.log(`\n${label} (${server.info.databaseKind}, pool ${POOL}, ${connections} connections, ${SECONDS} s)`);
    console.log(`  200 answers            ${line('200')}`);
    console.log(`  503 SERVER_OVERLOADED  ${line('503')}`);
    const others = Object.keys(result.byStatus).filter((s) => s !== '200' && s !== '503');
    for (const s of others) console.log(`  ${s} answers            ${line(s)}`);
    console.log(`  timeouts (10 s)        ${result.timeouts}`);
    console.log(`  503s without Retry-After ${result.refusedWithoutRetryAfter}`);
    return result;
  } finally {
    await server.stop();
  }
}

async function main() {
  const off = { SHED_MAX_IN_FLIGHT: '0', SHED_MAX_EVENT_LOOP_DELAY_MS: '0', BENCH_POOL_SIZE: String(POOL) };
  await measure('no shedding', off);
  const on = { ...off, SHED_MAX_IN_FLIGHT: String(IN_FLIGHT), SHED_MAX_EVENT_LOOP_DELAY_MS: String(DELAY_MS) };
  const label = `SHED_MAX_IN_FLIGHT=${IN_FLIGHT} SHED_MAX_EVENT_LOOP_DELAY_MS=${DELAY_MS}`;
  await measure(label, on);
  // The same bound under ordinary load: nothing refused.
  await measure(`${label}, ordinary load`, on, NORMAL_CONNECTIONS);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
