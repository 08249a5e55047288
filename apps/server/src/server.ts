import { assertProductionSafe, ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { openDatabase } from './db/database';
import { runMigrations } from './db/migrate';
import { claimDemoInstall, seedDemoOperator } from './db/seed';
import { installDemo } from './db/seed-jurisdiction';
import { buildApp } from './app';
import { startPeriodicJobs } from './jobs/periodic-jobs';
import { startMetricsListener } from './metrics/http';
import { startDevVendorSandbox } from './modules/gateway/dev-vendor-sandbox';
import { DEV_PROVIDER_NAME, startDevOidcProvider } from './modules/oidc/dev-oidc-provider';

/** Start the API and the site on one port: migrate, seed the demo operator, listen. */
async function main() {
  const config = loadConfig();
  const log = createLogger(config);
  if (!config.databaseUrl) {
    log.warn('Using embedded PGlite: a single-node development database. Set DATABASE_URL for PostgreSQL.');
  }
  try {
    assertProductionSafe(config);
  } catch (err) {
    log.fatal((err as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
  });
  const applied = await runMigrations(database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  await seedDemoOperator(database.db);
  // Development: the reference vendor beside the server, so SBX (seamless) and SBT (transfer) can be played with no setup.
  // Its port must be known before the app is built (the gateway's adapters, the CSP's frame-src).
  const sandbox =
    config.vendorSandboxAutostart && config.port !== 0
      ? await startDevVendorSandbox({ platformHost: config.host, platformPort: config.port, log })
      : undefined;
  if (config.vendorSandboxAutostart && config.port === 0)
    log.warn(
      'VENDOR_SANDBOX_AUTOSTART needs a fixed PORT (the vendor calls the server back); SBX and SBT stay unconnected.',
    );
  const appConfig = sandbox
    ? {
        ...config,
        startedVendorSandbox: { url: sandbox.url, secret: sandbox.secret },
        frameOrigins: [...new Set([sandbox.url, ...(config.frameOrigins ?? [])])],
      }
    : config;
  const app = await buildApp({ config: appConfig, database, logger: log });
  if (sandbox) {
    app.addHook('onClose', async () => sandbox.stop());
    await sandbox.ready.catch(() => undefined);
  }
  // Development: the local identity provider beside the server, kept as the back office's provider `Local IdP`.
  if (config.oidcDevProvider?.autostart) {
    const idp = await startDevOidcProvider({
      port: config.oidcDevProvider.port,
      redirectUri: app.services.oidc.client.redirectUri,
      log,
    });
    if (idp) {
      app.addHook('onClose', async () => idp.stop());
      await app.services.oidc.providers.ensureDevProvider({
        name: DEV_PROVIDER_NAME,
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      });
    }
  }
  // On the first start of a new database, whoever created it (one instance wins the claim): the
  // licence profile of DEMO_JURISDICTION (BR unless told; a licence the console set first stands),
  // set through the switch's own check; then a newcomer's site content (DEMO_CONTENT=off leaves it
  // empty), under BR the demo players, and under the permissive profile the rewards programmes with
  // their demo operators (DEMO_REWARDS=off: none).
  if (await claimDemoInstall(database.db))
    log.info(
      await installDemo(app.services, {
        profile: config.demoJurisdiction,
        content: config.demoContent,
        rewards: config.demoRewards,
      }),
      'demo operator installed',
    );
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Stopped by app.close(), which waits for runs in progress, so none runs against a closed database.
  const jobs = startPeriodicJobs(app.services, database.db, log, {
    leaseMs: config.jobLeaseMs,
    intervalOverrideMs: config.jobIntervalMs,
  });
  app.addHook('onClose', async () => jobs.stop());
  // The rewards engine's consumers: every instance runs them; each batch runs on one (reward-events.ts).
  app.services.rewardEvents.start();
  app.addHook('onClose', async () => app.services.rewardEvents.stop());
  if (config.metricsPort !== undefined) {
    // Prometheus scrapes /metrics here, without a token: an internal port on METRICS_HOST, kept off the public network.
    const metricsHost = config.metricsHost ?? config.host;
    const metrics = await startMetricsListener(app.services.metrics, config.metricsPort, metricsHost);
    app.addHook('onClose', async () => metrics.close());
    log.info({ host: metricsHost, port: metrics.port }, 'metrics listening');
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  // A bad environment variable is the operator's to fix: its message, not a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
