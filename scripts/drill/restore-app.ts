// The restore drill's app server, a process of its own: the real app (no periodic jobs, as the
// benches run it) on a loopback port over DATABASE_URL, with the reference seamless vendor
// configured and DRILL_PLAYERS funded players each holding a vendor game session. It prints one
// line `READY <json>` (its URL, the vendor's secret, the players) and serves until stopped.
// Started by scripts/drill/restore.ts; the load comes from another process (bench/callbacks-load.ts).
import crypto from 'node:crypto';
import os from 'node:os';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoOperator } from '../../apps/server/src/db/seed';
import type { BenchServer } from '../../bench/bench-server';
import { configureSeamlessVendor, createCallbackPlayers } from '../../bench/callbacks-load';
import { serveDrillApp } from './drill-app';

const PLAYERS = Number(process.env.DRILL_PLAYERS ?? 8);

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: `${os.tmpdir()}/wps-drill-${crypto.randomBytes(6).toString('hex')}` }),
    webDist: undefined,
  };
  const { app, database, baseUrl, close } = await serveDrillApp({
    config,
    databaseUrl,
    poolSize: PLAYERS + 2,
    prepare: (db) => seedDemoOperator(db.db),
  });
  const secret = await configureSeamlessVendor(app);
  const server: BenchServer = { app, baseUrl, databaseKind: 'PostgreSQL', database, databaseUrl, close };
  const players = await createCallbackPlayers(server, secret, PLAYERS);
  process.stdout.write(`READY ${JSON.stringify({ baseUrl, secret, players })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
