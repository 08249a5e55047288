// The app over the agents benchmark's database (already migrated and generated), in a process of
// its own so the load client never shares its event loop: prints {"baseUrl"} when ready and stops
// cleanly on SIGTERM. Run by agents-reads.bench.ts with BENCH_AGENTS_DATABASE_URL set.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { buildApp } from '../../apps/server/src/app';

async function main() {
  const databaseUrl = process.env.BENCH_AGENTS_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_AGENTS_DATABASE_URL is required');
  const config = {
    ...loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/wps-bench-${crypto.randomBytes(6).toString('hex')}` }),
    databaseUrl,
    webDist: undefined,
    nodeEnv: 'production' as const,
  };
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 10 });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(`${JSON.stringify({ baseUrl: `http://127.0.0.1:${port}` })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
