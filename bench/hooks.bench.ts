// What the app's per-request plugins cost on a small JSON read: the bare Fastify route against the
// same route with each plugin added (request ids, security headers, compression, HTTP metrics), and
// with all of them, each server in a process of its own and autocannon in another (read-load.ts).
// Run: npx tsx bench/hooks.bench.ts   (BENCH_DURATION_S, BENCH_ROUNDS, BENCH_HOOKS=compression,… to choose)
import { compareWithBare, startServerProcess, type ServerProcess } from './read-load';

/** A body the size of member info's answer. */
const BODY = {
  success: true,
  value: {
    id: '1',
    account: 'bench12345678',
    nickname: null,
    type: 3,
    toUpline: false,
    clubLabel: null,
    memberLabel: [],
    language: 'EN',
    mobileNum: null,
    email: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};
const SETS = (process.env.BENCH_HOOKS ?? 'request-id,security-headers,compression,metrics').split(',');

async function main() {
  const bodies = JSON.stringify({ info: BODY });
  const bare = await startServerProcess('bare', { BENCH_BARE_BODIES: bodies });
  const results: string[] = [];
  try {
    console.log(
      `hooks bench: bare Fastify against bare + plugins, autocannon in its own process, node ${process.version}`,
    );
    for (const set of [...SETS, SETS.join(',')]) {
      let withPlugins: ServerProcess | undefined;
      try {
        withPlugins = await startServerProcess('bare', { BENCH_BARE_BODIES: bodies, BENCH_BARE_PLUGINS: set });
        console.log(`+ ${set}`);
        const r = await compareWithBare(
          `+${set}`,
          { url: `${bare.info.baseUrl}/bare/info`, pid: bare.pid },
          { url: `${withPlugins.info.baseUrl}/bare/info`, pid: withPlugins.pid },
          0,
        );
        const cpu = r.cpuRatio === undefined ? '' : `; by server CPU per request ${r.cpuRatio.toFixed(2)}`;
        results.push(
          `${set.padEnd(56)} ${r.ratio.toFixed(2)} of bare (${r.targetMedian.toFixed(0)} / ${r.bareMedian.toFixed(0)} req/s)${cpu}`,
        );
      } finally {
        await withPlugins?.stop();
      }
    }
    console.log(results.join('\n'));
  } finally {
    await bare.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
