// What both drills' app servers share (failover-server.ts, restore-app.ts): the real app, in a
// process of its own, over one database on a loopback port, closed (the app, then its pool) on
// SIGTERM or SIGINT. What each seeds and what its ready line says stay with the drill.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import type { AppConfig } from '../../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database';

export type DrillApp = {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  baseUrl: string;
  close: () => Promise<void>;
};

/** `prepare` runs on the database before the app is built (seeding what the app reads at start). */
export async function serveDrillApp(opts: {
  config: AppConfig;
  databaseUrl: string;
  poolSize: number;
  /** 0: any free port. */
  port?: number;
  prepare?: (database: DatabaseHandle) => Promise<unknown>;
}): Promise<DrillApp> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: null, poolSize: opts.poolSize });
  await opts.prepare?.(database);
  const app = await buildApp({ config: opts.config, database, logger: false });
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const close = async () => {
    await app.close();
    await database.close();
  };
  const stop = () => {
    void close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return { app, database, baseUrl: `http://127.0.0.1:${port}`, close };
}
