import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadConfig, type AppConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemoOperator } from '../apps/server/src/db/seed';
import { buildApp, type App } from '../apps/server/src/app';
import { createScratchPostgres } from '../apps/server/test/test-app';

export type BenchServer = {
  app: App;
  baseUrl: string;
  databaseKind: string;
  /** The app's own database handle (same pool), for benches that compare against raw SQL. */
  database: DatabaseHandle;
  /** The scratch PostgreSQL database's URL (undefined on PGlite), for load from another process. */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
};

/**
 * Start the real app on a loopback port over a fresh database: a scratch PostgreSQL database when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else in-memory PGlite. Logging is off so the
 * figure measures the request path, not log I/O.
 */
export async function startBenchServer(
  overrides: Partial<AppConfig> = {},
  opts: { poolSize?: number } = {},
): Promise<BenchServer> {
  // The test harness makes (and safely drops) scratch databases next to TEST_DATABASE_URL.
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchPostgres() : undefined;
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/wps-bench-${crypto.randomBytes(6).toString('hex')}` }),
    databaseUrl: scratch?.url,
    webDist: undefined,
    ...overrides,
  };
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: opts.poolSize ?? 20 });
  await runMigrations(database);
  await seedDemoOperator(database.db);
  const app = await buildApp({ config, database, logger: false });
  // Bench members register without reading a captcha image; the captcha has its own tests.
  const operator = await app.services.system.getOperatorConfig();
  await app.services.system.updateSetting('register', { ...operator.register, showCaptcha: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    databaseKind: scratch ? 'PostgreSQL' : 'PGlite (in memory)',
    database,
    databaseUrl: scratch?.url,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}
