import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { MAX_BODY_BYTES } from '@wps/shared/constants';
import { fastifyTrustProxy, type AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { openReadDb, type ReadDb } from './db/read-handle';
import { registerErrorHandling } from './plugins/errors';
import { NO_LOAD_SHEDDING, registerLoadShedding } from './plugins/load-shedding';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerAccessGate } from './plugins/access-gate';
import { registerPayloadEncryption } from './plugins/payload-encryption';
import { registerAuth } from './plugins/auth';
import { registerOpenApi } from './openapi/register';
import type { App } from './app-types';
import { createServices } from './services';
import { registerSiteSettingsRoutes } from './modules/system/site-settings.routes';
import { registerContentRoutes } from './modules/content/content.routes';
import { registerContentPublicRoutes } from './modules/content/content-public.routes';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes';
import { registerPromoRoutes } from './modules/promo/promo.routes';
import { registerRaffleApprovalRoutes } from './modules/promo/raffle-approval.routes';
import { registerSystemRoutes } from './modules/system/system.routes';
import { registerKeyRoutes } from './modules/system/key.routes';
import { registerWalletRoutes } from './modules/ledger/wallet.routes';
import { registerVerificationRoutes } from './modules/verification/verification.routes';
import { registerSessionRoutes } from './modules/session/session.routes';
import { registerLoginVerificationRoutes } from './modules/login-verification/login-verification.routes';
import { registerOidcRoutes } from './modules/oidc/oidc.routes';
import { registerOidcOpsRoutes } from './modules/oidc/oidc-ops.routes';
import { registerMemberRoutes } from './modules/member/member.routes';
import { registerSecurityRoutes } from './modules/security/security.routes';
import { registerOperatorRoutes } from './modules/operator/operator.routes';
import { registerOperatorAccess } from './modules/operator/operator-auth';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerRecordsRoutes } from './modules/records/records.routes';
import { registerMonitoringRoutes } from './modules/monitoring/monitoring.routes';
import { registerAmlRoutes } from './modules/aml/aml.routes';
import { registerMessagesRoutes } from './modules/messages/messages.routes';
import { registerRewardsRoutes } from './modules/rewards/rewards.routes';
import { registerRewardsOpsRoutes } from './modules/rewards/rewards-ops.routes';
import { registerResponsibleGamingRoutes } from './modules/responsible-gaming/responsible-gaming.routes';
import { registerIdentityOpsRoutes } from './modules/identity/identity-ops.routes';
import { registerIdentityRoutes } from './modules/identity/identity.routes';
import { registerMissionsRoutes } from './modules/missions/missions.routes';
import { registerRebateRoutes } from './modules/rebate/rebate.routes';
import { registerReferralRoutes } from './modules/referral/referral.routes';
import { registerPlatformMessageRoutes } from './modules/messages/platform-messages.routes';
import { registerDepositRoutes } from './modules/deposit/deposit.routes';
import { registerSandboxGatewayRoutes } from './modules/deposit/sandbox-gateway.routes';
import { registerSandboxPixDirectoryRoutes } from './modules/pix/sandbox-pix-directory.routes';
import { registerKycRoutes } from './modules/kyc/kyc.routes';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { registerSandboxKycRoutes } from './modules/kyc/sandbox-kyc.routes';
import { registerWithdrawalRoutes } from './modules/withdrawal/withdrawal.routes';
import { registerTransferRoutes } from './modules/transfer/transfer.routes';
import { registerAccountRecordRoutes } from './modules/account-record/account-record.routes';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue.routes';
import { registerGatewayRoutes } from './modules/gateway/gateway.routes';
import { registerTransferReviewRoutes } from './modules/gateway/transfer-review.routes';
import { registerVendorAdapterRoutes } from './modules/gateway/vendor-adapters.routes';
import { registerInhouseRoutes } from './modules/inhouse/inhouse.routes';
import { registerInhouseStepRoutes } from './modules/inhouse/inhouse-steps.routes';
import { registerLotteryRoutes } from './modules/lottery/lottery.routes';
import { registerLotteryOpsRoutes } from './modules/lottery/lottery-ops.routes';
import { registerBetRecordRoutes } from './modules/bet-record/bet-record.routes';
import { registerReportingRoutes } from './modules/reporting/reporting.routes';
import { registerPlayersRoutes } from './modules/players/players.routes';
import { registerPlayerActionsRoutes } from './modules/players/player-actions.routes';
import { registerLicenceRoutes } from './modules/licence/licence.routes';
import { registerOperatorMoneyRoutes } from './modules/operator-money/operator-money.routes';
import { registerBonusRoutes } from './modules/bonus/bonus.routes';
import { registerHealthRoutes } from './modules/system/health.routes';
import { registerLoyaltyRoutes } from './modules/loyalty/loyalty.routes';
import { registerAgentsRoutes } from './modules/agents/agents.routes';
import { registerAgentOpsRoutes } from './modules/agents/ops/agent-ops.routes';
import { registerAgentSettlementRoutes } from './modules/agents/settlement/settlement.routes';
import { registerAgentCentreRoutes } from './modules/agents/centre/centre.routes';
import { createHealthService } from './modules/system/health.service';
import { serveBackoffice } from './http/serve-backoffice';
import { serveWeb } from './http/serve-web';
import { homeFirstScreen } from './modules/content/content-first-screen';
import { registerCompression } from './http/compression';
import { registerRequestId, requestIdOptions } from './plugins/request-id';
import { registerHttpMetrics, registerMetricsRoute } from './metrics/http';
import { createDevClock, registerDevClockRoutes } from './http/dev-clock';

// The app's types live in app-types.ts, so routes need not import this file (which imports them).
export type { App, RouteApp } from './app-types';

/** Where a request whose URL cannot be routed is sent: under an API prefix, so even the SPA answers 404. */
const UNROUTABLE_PATH = '/wps/malformed-url';

function withZod(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Build the HTTP app over an open, migrated database. Used by server.ts and by every API test. */
export async function buildApp(opts: {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: Logger | false;
  calendarClock?: () => number;
  /** The routed reads' handle; by default opened from DATABASE_READ_URL (tests give one with their own lag reader). */
  readDb?: ReadDb;
}) {
  const { config, database } = opts;
  const app: FastifyInstance = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger as unknown as FastifyBaseLogger } : { logger: false }),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    ...requestIdOptions,
    // A malformed percent-encoding (`/%%77ps`) or an over-long path parameter matches no route.
    // Fastify would answer bare JSON without any hook; instead the request is dispatched again to
    // a path no route declares, so it gets the 404 envelope and the security headers like any
    // other unknown path.
    frameworkErrors: (_error, request, reply) => {
      request.raw.url = UNROUTABLE_PATH;
      app.routing(request.raw, reply.raw);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  registerRequestId(app);
  registerErrorHandling(app);
  const securityHeaders = registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(formbody, { bodyLimit: MAX_BODY_BYTES });
  // Before every route: the document and the response serializer apply to routes as they are added.
  await registerOpenApi(app, config);

  // The test clock door moves the calendar clock of every service that reads one; never in production.
  const devClock =
    config.testClockDoor && config.nodeEnv !== 'production' ? createDevClock(opts.calendarClock) : undefined;
  const readDb =
    opts.readDb ??
    openReadDb({
      primary: database,
      readUrl: config.databaseReadUrl,
      maxLagMs: config.databaseReadMaxLagMs ?? 5000,
      log: app.log,
    });
  app.addHook('onClose', async () => readDb.close());
  readDb.start();
  const services = createServices({
    config,
    database,
    db: database.db,
    readDb,
    log: app.log as unknown as Logger,
    calendarClock: devClock?.now ?? opts.calendarClock,
  });
  app.decorate('services', services);
  registerHttpMetrics(app, services.metrics);
  // Before every hook that does work: a refused request costs the least that can be answered.
  const shedding = await registerLoadShedding(app, config.loadShedding ?? NO_LOAD_SHEDDING, {
    shed: (reason) => services.metrics.requestShed(reason),
  });
  services.metrics.watchInFlight(shedding.inFlight);
  if (config.metricsToken) registerMetricsRoute(app, services.metrics, config.metricsToken);
  app.addHook('onClose', async () => {
    await services.changeFeed.close();
  });

  await services.changeFeed.start();
  // Every consumer of the rewards engine's event stream has its place before the first request:
  // a new consumer starts at the stream's end, and events written from here on are its own.
  await services.rewardEvents.prepare();
  // The speed test pings the operator's other domains from the page: the CSP's connect-src lists
  // them, following the site setting (read now, so the first page served already has them).
  services.system.onConfigLoaded((operator) =>
    securityHeaders.setSiteOrigins(
      operator.domains.map((d) => d.domainName),
      {
        img: operator.delivery.imageCdns.map((base) => new URL(base).origin),
        frame: operator.delivery.launchGameCdns.map((base) => new URL(base).origin),
        analytics: operator.delivery.gtagId !== '',
      },
    ),
  );
  await services.system.getOperatorConfig();
  registerAccessGate(app, services);
  registerAuth(app, services);
  registerOperatorAccess(app);
  registerPayloadEncryption(app, services);

  registerHealthRoutes(
    app,
    createHealthService({
      database,
      changeFeed: services.changeFeed,
      readReplica: () => readDb.status(),
      onCheckError: (check, err) => app.log.warn({ err, check }, 'readiness check failed'),
    }),
  );
  const z = withZod(app);
  registerSystemRoutes(z, services);
  registerSiteSettingsRoutes(z, services);
  registerContentRoutes(z, services);
  registerContentPublicRoutes(z, services);
  registerLoyaltyRoutes(z, services);
  await registerFeedbackRoutes(z, services);
  await registerPromoRoutes(z, services);
  registerRaffleApprovalRoutes(z, services);
  registerKeyRoutes(z, services);
  registerWalletRoutes(z, services);
  registerVerificationRoutes(z, services);
  // The refresh cookie is Secure in production whatever the request says (session/refresh-cookie.ts).
  const cookieSecurity = { production: config.nodeEnv === 'production' };
  registerSessionRoutes(z, services, cookieSecurity);
  registerLoginVerificationRoutes(z, services, cookieSecurity);
  registerOidcRoutes(z, services);
  registerOidcOpsRoutes(z, services);
  registerMemberRoutes(z, services);
  registerSecurityRoutes(z, services);
  registerOperatorRoutes(z, services);
  registerAuditRoutes(z, services);
  registerRecordsRoutes(z, services);
  registerMonitoringRoutes(z, services);
  registerAmlRoutes(z, services);
  registerMessagesRoutes(z, services);
  registerRewardsRoutes(z, services);
  registerRewardsOpsRoutes(z, services);
  registerResponsibleGamingRoutes(z, services);
  registerIdentityOpsRoutes(z, services);
  registerIdentityRoutes(z, services);
  registerMissionsRoutes(z, services);
  registerRebateRoutes(z, services);
  registerReferralRoutes(z, services);
  registerPlatformMessageRoutes(z, services);
  registerDepositRoutes(z, services);
  registerSandboxGatewayRoutes(app, services);
  registerSandboxPixDirectoryRoutes(app, services.pix.sandbox);
  registerKycRoutes(z, services);
  registerPrivacyRoutes(z, services);
  registerSandboxKycRoutes(app, services);
  await registerWithdrawalRoutes(z, services);
  registerTransferRoutes(z, services);
  registerAccountRecordRoutes(z, services);
  registerCatalogueRoutes(z, services);
  await registerGatewayRoutes(z, services);
  registerTransferReviewRoutes(z, services);
  registerVendorAdapterRoutes(z, services);
  registerInhouseRoutes(z, services);
  registerInhouseStepRoutes(z, services);
  registerLotteryRoutes(z, services);
  registerLotteryOpsRoutes(z, services);
  registerBetRecordRoutes(z, services);
  registerReportingRoutes(z, services);
  registerPlayersRoutes(z, services);
  registerPlayerActionsRoutes(z, services);
  registerOperatorMoneyRoutes(z, services);
  registerLicenceRoutes(z, services);
  registerBonusRoutes(z, services);
  registerAgentsRoutes(z, services);
  registerAgentOpsRoutes(z, services);
  registerAgentSettlementRoutes(z, services);
  registerAgentCentreRoutes(z, services);
  if (devClock) registerDevClockRoutes(z, devClock);

  if (config.backofficeDist && fs.existsSync(path.join(config.backofficeDist, 'index.html')))
    serveBackoffice(app, config.backofficeDist);
  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    serveWeb(app, config.webDist, { errorReportUrl: config.errorReportUrl }, homeFirstScreen(services));
  }
  return app as unknown as App;
}
