// A process serving one side of a read benchmark, so the load client (autocannon, in a process of
// its own) never shares an event loop with what it measures.
//   tsx bench/read-server.ts app   the real app over a fresh database (see bench-server.ts), with a
//                                  registered member; prints {"baseUrl","databaseKind","token"}
//   tsx bench/read-server.ts bare  a minimal Fastify app answering, at GET and POST /bare/:name, the
//                                  JSON bodies given as BENCH_BARE_BODIES ({"name": body, …});
//                                  prints {"baseUrl"}; BENCH_BARE_PLUGINS=request-id,compression,…
//                                  adds the app's per-request plugins (hooks.bench.ts prices them)
// Either stops cleanly on SIGTERM or SIGINT (so `node --cpu-prof` writes its profile, and the scratch
// database is dropped).
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCompression } from '../apps/server/src/http/compression';
import { createMetrics } from '../apps/server/src/metrics/metrics';
import { registerHttpMetrics } from '../apps/server/src/metrics/http';
import { registerRequestId, requestIdOptions } from '../apps/server/src/plugins/request-id';
import { registerSecurityHeaders } from '../apps/server/src/plugins/security-headers';
import type { App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startBenchServer } from './bench-server';
import { fetchRsaKey, registerMember, uniqueUsername } from './bench-client';

async function startApp(): Promise<{ info: Record<string, string>; close: () => Promise<void> }> {
  // Production serialisation (plain JSON.stringify, no response-schema check), as a deployment runs,
  // and its load shedding: production's defaults, or the SHED_* variables of this process
  // (shedding.bench.ts sets them).
  // BENCH_POOL_SIZE narrows the database pool, so requests wait for a connection (shedding.bench.ts).
  const server = await startBenchServer(
    { nodeEnv: 'production', loadShedding: loadConfig({ ...process.env, NODE_ENV: 'production' }).loadShedding },
    process.env.BENCH_POOL_SIZE ? { poolSize: Number(process.env.BENCH_POOL_SIZE) } : {},
  );
  // Players see only connected vendors, and the game-list bench reads the sandbox vendor's games:
  // connect it (to an address nothing is ever sent to; a list never calls the vendor).
  await server.app.services.gateway.configureAdapter({
    vassalage: 'SBX',
    walletModel: 'seamless',
    launchUrl: 'http://127.0.0.1:9/play',
    apiUrl: null,
    secret: 'bench-placeholder-secret-0123456789',
    requestTimeoutMs: 5000,
  });
  const key = await fetchRsaKey(server.baseUrl);
  const token = await registerMember(server.baseUrl, key, uniqueUsername('bench'), 'Bench7pass9word');
  if (process.env.BENCH_APP_CONTENT) await publishBenchPromotions(server.app, Number(process.env.BENCH_APP_CONTENT));
  return { info: { baseUrl: server.baseUrl, databaseKind: server.databaseKind, token }, close: server.close };
}

/**
 * BENCH_APP_CONTENT=<n>: n published promotions with words in PT and EN, written through the
 * content service as an operator would, so the content read benchmark has a page worth caching.
 */
async function publishBenchPromotions(app: App, count: number): Promise<void> {
  const actor = { actorType: 'system' as const, actorId: null };
  const paragraph = (n: number, language: string) =>
    `<h2>${language} ${n}</h2><p>Deposit and play to earn <strong>${n * 5}%</strong> back, every day of the week.</p><ul><li>Minimum deposit R$ 20,00</li><li>Turnover 10×</li></ul>`;
  for (let n = 1; n <= count; n++) {
    const item = await app.services.content.create(actor, {
      kind: 'promotion',
      groupCode: 'deposit',
      sortOrder: n,
      publishFrom: null,
      publishUntil: null,
      linkage: null,
      imageName: null,
      translations: {
        PT: { title: `Promoção ${n}`, bodyHtml: paragraph(n, 'PT') },
        EN: { title: `Promotion ${n}`, bodyHtml: paragraph(n, 'EN') },
      },
      reason: 'benchmark content',
    });
    await app.services.content.setStatus(actor, item.id, 'published', 'benchmark content');
  }
}

/** The app's per-request additions that BENCH_BARE_PLUGINS can put on the bare route, one by one, to price each. */
const PLUGINS: Record<string, (app: FastifyInstance) => void | Promise<void>> = {
  'request-id': registerRequestId,
  'security-headers': (app) => {
    registerSecurityHeaders(app, { frameOrigins: [] });
  },
  compression: registerCompression,
  metrics: (app) => registerHttpMetrics(app, createMetrics()),
};

async function startBare(): Promise<{ info: Record<string, string>; close: () => Promise<void> }> {
  const bodies = JSON.parse(process.env.BENCH_BARE_BODIES ?? '{}') as Record<string, unknown>;
  const plugins = (process.env.BENCH_BARE_PLUGINS ?? '').split(',').filter(Boolean);
  const app = Fastify({ logger: false, ...(plugins.includes('request-id') ? requestIdOptions : {}) });
  for (const name of plugins) {
    const add = PLUGINS[name];
    if (!add) throw new Error(`unknown plugin ${name}; known: ${Object.keys(PLUGINS).join(', ')}`);
    await add(app);
  }
  const answer = async (request: { params: unknown }) =>
    bodies[(request.params as { name: string }).name] ?? { success: true, value: 1 };
  app.get('/bare/:name', answer);
  app.post('/bare/:name', answer);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { info: { baseUrl: `http://127.0.0.1:${port}` }, close: () => app.close() };
}

async function main() {
  const kind = process.argv[2];
  if (kind !== 'app' && kind !== 'bare') throw new Error('usage: read-server.ts app|bare');
  const { info, close } = kind === 'app' ? await startApp() : await startBare();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(`${JSON.stringify(info)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
