// The agent centre's reads at scale: the team overview of a top agent with everyone in its team, and
// the downline search by account prefix. On a scratch PostgreSQL database, bench/agents/generate-team.ts
// makes 100,000 members under 1,000 agents six levels deep and a day of rounds; the app then runs
// over it in a process of its own (bench/agents/team-server.ts), a bare Fastify route answering the
// same JSON in another (read-server.ts bare), and autocannon drives both from a third, alternating
// rounds (read-load.ts). Printed: each call's p50/p99 under load next to its goal (overview p99 <
// 200 ms, search p99 < 50 ms) and its throughput as a ratio to the bare route's in the same run.
// Goals are printed, never asserted.
// Run: npm run bench:agents (this, then bench/agents-settle.bench.ts for the settlement figures), or
// tsx bench/agents-reads.bench.ts alone (needs BENCH_DATABASE_URL or TEST_DATABASE_URL; BENCH_AGENTS_MEMBERS,
// BENCH_AGENTS_AGENTS, BENCH_AGENTS_ROUNDS to change the size; BENCH_CONNECTIONS (default 4),
// BENCH_DURATION_S, BENCH_ROUNDS as for the read benches; BENCH_KEEP=1 keeps the database)
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemoOperator } from '../apps/server/src/db/seed';
import { createPasswordHasher } from '../apps/server/src/modules/member/password-hasher';
import { createScratchPostgres } from '../apps/server/test/test-app';
import { sumTeamOverview } from '../apps/server/src/modules/agents/centre/centre.repository';
import { generateTeam } from './agents/generate-team';
import { callApi, encryptLogin, fetchRsaKey } from './bench-client';

// The centre's reads are database work, not a hot path of thousands of requests a second: a few
// agents at once is the load they meet. Set before read-load.ts reads it.
process.env.BENCH_CONNECTIONS ??= '4';

const MEMBERS = Number(process.env.BENCH_AGENTS_MEMBERS ?? 100_000);
const AGENTS = Number(process.env.BENCH_AGENTS_AGENTS ?? 1_000);
const ROUNDS_PER_DAY = Number(process.env.BENCH_AGENTS_ROUNDS ?? 300_000);
const DEPTH = 6;
const COLD_SAMPLES = 10;
const PASSWORD = 'Bench7pass9word';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Proc = { info: Record<string, string>; pid: number; stop: () => Promise<void> };

function start(script: string, env: Record<string, string>): Promise<Proc> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, script), ...(script.endsWith('read-server.ts') ? ['bare'] : [])],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    lines.once('line', (line) => {
      child.removeAllListeners('exit');
      const stop = () =>
        child.exitCode !== null
          ? Promise.resolve()
          : new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            });
      resolve({ info: JSON.parse(line) as Record<string, string>, pid: child.pid!, stop });
    });
  });
}

async function main(): Promise<void> {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      'agents reads bench: PostgreSQL only (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server where a scratch database may be created)',
    );
    return;
  }
  const { compareWithBare, describeRun, fetchJson } = await import('./read-load');
  const scratch = await createScratchPostgres();
  const procs: Proc[] = [];
  try {
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 4 });
    let data;
    let coldFigures = '';
    try {
      await runMigrations(database);
      await seedDemoOperator(database.db);
      console.log(
        `agents reads bench: generating ${MEMBERS.toLocaleString('en')} members under ${AGENTS.toLocaleString('en')} agents, ${DEPTH} levels, ${ROUNDS_PER_DAY.toLocaleString('en')} rounds:`,
      );
      const hash = await createPasswordHasher({ logN: loadConfig().scryptLogN }).hash(PASSWORD);
      data = await generateTeam(database.db, {
        agents: AGENTS,
        members: MEMBERS,
        depth: DEPTH,
        rounds: ROUNDS_PER_DAY,
        topPasswordHash: hash,
        log: (l) => console.log(l),
      });
      // What one overview costs when it is not in memory: its statement alone, one at a time, no load.
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      const cold: number[] = [];
      for (let i = 0; i < COLD_SAMPLES; i++) {
        const t0 = process.hrtime.bigint();
        await sumTeamOverview(database.db, data.topAgentId, { today: day(0), from7: day(6), from30: day(29) });
        cold.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      cold.sort((a, b) => a - b);
      coldFigures = `p50 ${cold[Math.floor(cold.length / 2)]!.toFixed(1)} ms, max ${cold.at(-1)!.toFixed(1)} ms over ${COLD_SAMPLES}`;
      console.log(`top agent's overview statement uncached (sequential, no load): ${coldFigures}`);
    } finally {
      await database.close();
    }

    const app = await start('bench/agents/team-server.ts', { BENCH_AGENTS_DATABASE_URL: scratch.url });
    procs.push(app);
    const baseUrl = app.info.baseUrl!;
    const key = await fetchRsaKey(baseUrl);
    const { token } = await callApi<{ token: string }>(baseUrl, '/wps/session/login', {
      method: 'POST',
      body: await encryptLogin(key, data.topAgentAccount, PASSWORD),
    });
    const headers = { authorization: token };
    const overview = { url: `${baseUrl}/wps/agent/centre/overview`, headers, pid: app.pid };
    const search = {
      url: `${baseUrl}/wps/agent/centre/downlines?search=${data.searchPrefix}&pageSize=20`,
      headers,
      pid: app.pid,
    };
    const overviewBody = (await fetchJson(overview)) as {
      value: { last30Days: { members: number; activePlayers: number; turnoverMinor: string } };
    };
    const searchBody = (await fetchJson(search)) as { value: { total: number } };
    console.log(
      `top agent ${data.topAgentAccount}: team ${overviewBody.value.last30Days.members.toLocaleString('en')}, active in 30 days ${overviewBody.value.last30Days.activePlayers.toLocaleString('en')}, ` +
        `turnover ${overviewBody.value.last30Days.turnoverMinor} minor; search "${data.searchPrefix}" matches ${searchBody.value.total}`,
    );
    const bare = await start('bench/read-server.ts', {
      BENCH_BARE_BODIES: JSON.stringify({ overview: overviewBody, search: searchBody }),
    });
    procs.push(bare);
    describeRun('agents reads', 'PostgreSQL');

    const goals = { overview: 200, search: 50 };
    const results = [];
    for (const [name, target] of [
      ['overview', overview],
      ['search', search],
    ] as const) {
      console.log(
        `${name === 'overview' ? 'team overview (today, 7 and 30 days) of the top agent' : 'downline search by account prefix, top agent'}:`,
      );
      const c = await compareWithBare(name, { url: `${bare.info.baseUrl}/bare/${name}`, pid: bare.pid }, target, 0);
      const p99s = c.target.map((r) => r.p99Ms).sort((a, b) => a - b);
      const p50s = c.target.map((r) => r.p50Ms).sort((a, b) => a - b);
      const p99 = p99s[Math.floor(p99s.length / 2)]!;
      results.push({ name, p50: p50s[Math.floor(p50s.length / 2)]!, p99, goal: goals[name], ratio: c.ratio });
    }
    console.log(
      `summary (median of the rounds; the overview is kept 30 s per agent, uncached statement ${coldFigures}):`,
    );
    for (const r of results) {
      console.log(
        `  ${r.name.padEnd(9)} p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  (goal p99 < ${r.goal} ms: ${r.p99 < r.goal ? 'met' : 'NOT met'})  throughput ratio to the bare route ${r.ratio.toFixed(3)}`,
      );
    }
  } finally {
    for (const p of procs.reverse()) await p.stop();
    if (process.env.BENCH_KEEP === '1') console.log(`kept the database: ${scratch.url}`);
    else await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
