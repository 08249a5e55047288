// One app server of the soak, in a process of its own: the real app over SOAK_DATABASE_URL on the
// fixed port SOAK_PORT (the proxy in front names both instances), DATA_DIR = SOAK_DATA_DIR (the
// outbox files land there), AUDIT_CHAIN_KEY from the environment (audit:verify checks with the
// same key), X-Forwarded-For trusted from one hop (the load gives each login its own address, so
// the per-address throttles measure nothing). Prints one JSON line when it listens; stops on SIGTERM.
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { startPeriodicJobs } from '../../apps/server/src/jobs/periodic-jobs';

async function main(): Promise<void> {
  const databaseUrl = process.env.SOAK_DATABASE_URL!;
  const port = Number(process.env.SOAK_PORT);
  const config = {
    ...loadConfig({
      DATA_DIR: process.env.SOAK_DATA_DIR!,
      AUDIT_CHAIN_KEY: process.env.AUDIT_CHAIN_KEY,
      TRUST_PROXY: '1',
      SCRYPT_LOG_N: process.env.SCRYPT_LOG_N,
    }),
    databaseUrl,
    nodeEnv: 'production' as const,
    webDist: undefined,
  };
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 10 });
  const app = await buildApp({ config, database, logger: false });
  // As server.ts runs them: the periodic jobs (the audit chain's sealing, settlements, draws…) and
  // the rewards engine's consumers are part of what an instance does all day, and audit:verify at
  // the end fails on links the sealing job should have sealed by then.
  const jobs = startPeriodicJobs(app.services, database.db, app.log, {
    leaseMs: config.jobLeaseMs,
    intervalOverrideMs: config.jobIntervalMs,
  });
  app.addHook('onClose', async () => jobs.stop());
  app.services.rewardEvents.start();
  app.addHook('onClose', async () => app.services.rewardEvents.stop());
  await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ baseUrl: `http://127.0.0.1:${port}`, pid: process.pid })}\n`);
  const stop = () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
