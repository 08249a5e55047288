import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditChainKeyProblem } from '../modules/audit/audit-chain-key';
import { parseEnv, type Env } from './env';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { TrustProxy } from './trust-proxy';
import type { LoadSheddingSettings } from '../plugins/load-shedding';

/**
 * The repository root: the nearest folder above `from` whose package.json declares "workspaces".
 * The built bundle runs from apps/server/dist and the source (tsx, tests) from
 * apps/server/src/config, at different depths, so the built apps are found from this anchor,
 * not from a fixed number of `..`. Undefined when there is none (the file copied elsewhere).
 */
export function findWorkspaceRoot(from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { workspaces?: unknown };
      if (manifest.workspaces !== undefined) return dir;
    } catch {
      // No package.json here, or not JSON: keep walking up.
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Where `npm run build` puts the site and the back office, seen from the folder of the running module. */
export function defaultDists(here: string): { web: string | undefined; backoffice: string | undefined } {
  const root = findWorkspaceRoot(here);
  if (root === undefined) return { web: undefined, backoffice: undefined };
  return { web: path.join(root, 'apps/web/dist'), backoffice: path.join(root, 'apps/backoffice/dist') };
}

const DEFAULT_DISTS = defaultDists(path.dirname(fileURLToPath(import.meta.url)));

export type SmsProviderKind = 'outbox' | 'http';

/** The server's configuration; each field names the variable it comes from in variables.ts. */
export type AppConfig = {
  port: number;
  host: string;
  nodeEnv: string;
  dataDir: string;
  /** When set, PostgreSQL; otherwise embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** DATABASE_LISTEN_URL: the change feed's LISTEN connection, straight to PostgreSQL; unset, databaseUrl. */
  databaseListenUrl?: string | undefined;
  /** DATABASE_READ_URL: the replica the routed reads use (db/read-handle.ts); unset, they read databaseUrl. */
  databaseReadUrl?: string | undefined;
  /** DATABASE_READ_MAX_LAG_MS: above this lag the routed reads go back to the primary. */
  databaseReadMaxLagMs?: number;
  allowPgliteInProduction: boolean;
  /** ALLOW_OUTBOX_IN_PRODUCTION: accept the outbox SMS/e-mail provider (nothing delivered) in production. */
  allowOutboxInProduction: boolean;
  trustProxy: TrustProxy;
  logLevel: string;
  /** Built SPA served at /. Absent in API-only tests. */
  webDist: string | undefined;
  /** ERROR_REPORT_URL: the web app's error collector, written into the served index.html and the CSP. */
  errorReportUrl?: string | undefined;
  /** Built back office served at /backoffice/ (BACKOFFICE_DIST). Absent in API-only tests. */
  backofficeDist?: string | undefined;
  /** OPERATOR_TOTP_KEY: the key operator TOTP secrets are encrypted with at rest (see docs/decisions.md). */
  operatorTotpKey?: string | undefined;
  /** AUDIT_CHAIN_KEY: the HMAC key of the audit chain's seals, never stored in the database (docs/decisions.md). */
  auditChainKey?: string | undefined;
  /** AUDIT_CHAIN_OLD_KEYS: earlier audit chain keys, for the seals made with them. */
  auditChainOldKeys?: string[] | undefined;
  sms: { provider: SmsProviderKind; httpUrl: string | undefined; httpSecret: string | undefined };
  email: { provider: SmsProviderKind; httpUrl: string | undefined; httpSecret: string | undefined };
  /** Scrypt cost exponent; 17 in production, lowered only by tests. */
  scryptLogN: number;
  /** Session lifetimes in seconds. */
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** Operator (back-office) session lifetimes in seconds; the operator module's defaults when absent (tests). */
  operatorSessionIdleSeconds?: number | undefined;
  operatorSessionAbsoluteSeconds?: number | undefined;
  /** Public origin of the site (PUBLIC_URL), used in e-mailed links; never taken from the Host header. */
  publicUrl?: string | undefined;
  /**
   * Origins allowed to be framed by /game besides our own: the reference vendor's
   * (VENDOR_SANDBOX_URL) and VENDOR_FRAME_ORIGINS (space-separated). Read into the CSP and the
   * Permissions-Policy.
   */
  frameOrigins?: string[];
  /**
   * VENDOR_SANDBOX_AUTOSTART: outside production, start the reference vendor (apps/vendor-sandbox)
   * with the server and connect SBX and SBT to it, unless VENDOR_SANDBOX_URL names one (server.ts).
   */
  vendorSandboxAutostart?: boolean;
  /** OIDC_DEV_PROVIDER_AUTOSTART, OIDC_DEV_PROVIDER_PORT, ALLOW_OIDC_DEV_PROVIDER: the local identity provider server.ts starts (modules/oidc/dev-oidc-provider.ts). */
  oidcDevProvider?: { autostart: boolean; port: number; allowInProduction: boolean };
  /** TEST_CLOCK_DOOR: outside production, PUT /dev/clock moves the calendar clock ahead (http/dev-clock.ts); production refuses it. */
  testClockDoor?: boolean;
  /** The reference vendor server.ts started (set there, never from the environment): the gateway connects to it. */
  startedVendorSandbox?: { url: string; secret: string } | undefined;
  /** LOTTERY_LIVE_MAX_STREAMS, LOTTERY_LIVE_STREAMS_PER_IP: the lottery's live event streams an instance holds, in all and per client address. */
  lotteryLive?: { maxStreams: number; perIp: number };
  /** JOB_LEASE_MS: how long a periodic job's period claim holds without renewal. */
  jobLeaseMs?: number;
  /** CRASH_CHAIN_LENGTH, CRASH_BETTING_MS, CRASH_SPEED, CRASH_LEASE_MS: crash's rounds (modules/inhouse/crash/); defaults when absent (tests). */
  crash?: { chainLength: number; bettingMs: number; speed: number; leaseMs: number; pauseMs: number };
  /** CRASH_LIVE_PROCESSES: stream processes holding crash's live pages (0 or absent: this process). */
  crashLiveProcesses?: number;
  /** JOB_INTERVAL_MS: every periodic job on this interval instead of its own (tests). */
  jobIntervalMs?: number | undefined;
  /** The shortest gap between a rewards-engine consumer's batches, and its poll while the change feed is down (REWARD_EVENTS_POLL_MS). */
  rewardEventsPollMs?: number | undefined;
  /**
   * SHED_MAX_EVENT_LOOP_DELAY_MS, SHED_MAX_EVENT_LOOP_UTILIZATION, SHED_MAX_HEAP_MB, SHED_MAX_RSS_MB,
   * SHED_MAX_IN_FLIGHT, SHED_RETRY_AFTER_SECONDS: when an overloaded instance refuses new requests
   * (plugins/load-shedding.ts); absent, never.
   */
  loadShedding?: LoadSheddingSettings;
  /** METRICS_PORT: the internal listener serving /metrics without a token (server.ts). */
  metricsPort?: number | undefined;
  /** METRICS_HOST: the address that listener binds to (HOST when unset). */
  metricsHost?: string | undefined;
  /** METRICS_TOKEN: /metrics on the main port, for `Authorization: Bearer <token>` only. */
  metricsToken?: string | undefined;
  /** DEMO_CONTENT: write the demo site content on a start that finds none (auto: outside production). */
  demoContent: boolean;
  /** DEMO_JURISDICTION: the licence profile a new demo database is installed under (db/seed-jurisdiction.ts). */
  demoJurisdiction: JurisdictionProfile;
  /** DEMO_REWARDS: the permissive demo's rewards programmes and demo operators (auto: outside production). */
  demoRewards: boolean;
};

/**
 * Read the configuration from the environment through the variable table (variables.ts);
 * throws ConfigError naming every variable with a bad value.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source);
  const sandboxOrigin = env.VENDOR_SANDBOX_URL === undefined ? [] : [new URL(env.VENDOR_SANDBOX_URL).origin];
  return {
    port: env.PORT,
    host: env.HOST,
    nodeEnv: env.NODE_ENV,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseListenUrl: env.DATABASE_LISTEN_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    databaseReadMaxLagMs: env.DATABASE_READ_MAX_LAG_MS,
    allowPgliteInProduction: env.ALLOW_PGLITE_IN_PRODUCTION,
    allowOutboxInProduction: env.ALLOW_OUTBOX_IN_PRODUCTION,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST ?? DEFAULT_DISTS.web,
    errorReportUrl: env.ERROR_REPORT_URL,
    backofficeDist: env.BACKOFFICE_DIST ?? DEFAULT_DISTS.backoffice,
    operatorTotpKey: env.OPERATOR_TOTP_KEY,
    auditChainKey: env.AUDIT_CHAIN_KEY,
    auditChainOldKeys: env.AUDIT_CHAIN_OLD_KEYS,
    sms: { provider: env.SMS_PROVIDER, httpUrl: env.SMS_HTTP_URL, httpSecret: env.SMS_HTTP_SECRET },
    email: { provider: env.EMAIL_PROVIDER, httpUrl: env.EMAIL_HTTP_URL, httpSecret: env.EMAIL_HTTP_SECRET },
    scryptLogN: env.SCRYPT_LOG_N,
    sessionIdleSeconds: env.SESSION_IDLE_SECONDS,
    sessionAbsoluteSeconds: env.SESSION_ABSOLUTE_SECONDS,
    operatorSessionIdleSeconds: env.OPERATOR_SESSION_IDLE_SECONDS,
    operatorSessionAbsoluteSeconds: env.OPERATOR_SESSION_ABSOLUTE_SECONDS,
    publicUrl: env.PUBLIC_URL,
    frameOrigins: [...new Set([...sandboxOrigin, ...(env.VENDOR_FRAME_ORIGINS ?? [])])],
    // On by default only in development: production never starts a test door unless told (and then refuses, productionRefusals).
    vendorSandboxAutostart:
      (env.VENDOR_SANDBOX_AUTOSTART ?? env.NODE_ENV === 'development') && env.VENDOR_SANDBOX_URL === undefined,
    testClockDoor: env.TEST_CLOCK_DOOR,
    oidcDevProvider: {
      autostart: env.OIDC_DEV_PROVIDER_AUTOSTART,
      port: env.OIDC_DEV_PROVIDER_PORT,
      allowInProduction: env.ALLOW_OIDC_DEV_PROVIDER,
    },
    lotteryLive: { maxStreams: env.LOTTERY_LIVE_MAX_STREAMS, perIp: env.LOTTERY_LIVE_STREAMS_PER_IP },
    jobLeaseMs: env.JOB_LEASE_MS,
    crash: {
      chainLength: env.CRASH_CHAIN_LENGTH ?? (env.NODE_ENV === 'production' ? 10_000_000 : 10_000),
      bettingMs: env.CRASH_BETTING_MS,
      speed: env.CRASH_SPEED,
      leaseMs: env.CRASH_LEASE_MS,
      // The crash stays on the pages this long before the next window opens.
      pauseMs: 3000,
    },
    crashLiveProcesses: env.CRASH_LIVE_PROCESSES ?? (env.NODE_ENV === 'production' ? 2 : 0),
    jobIntervalMs: env.JOB_INTERVAL_MS,
    rewardEventsPollMs: env.REWARD_EVENTS_POLL_MS,
    loadShedding: loadSheddingSettings(env),
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST ?? env.HOST,
    metricsToken: env.METRICS_TOKEN,
    demoContent: env.DEMO_CONTENT === 'on' || (env.DEMO_CONTENT === 'auto' && env.NODE_ENV !== 'production'),
    demoJurisdiction: env.DEMO_JURISDICTION,
    demoRewards: env.DEMO_REWARDS === 'on' || (env.DEMO_REWARDS === 'auto' && env.NODE_ENV !== 'production'),
  };
}

const MIB = 1024 * 1024;

/**
 * The load-shedding bounds: the two that protect an instance from queueing itself to death (the
 * event loop's delay, requests in flight) are on by default in production only; development and
 * the test suites run unbounded unless they set them.
 */
function loadSheddingSettings(env: Env): LoadSheddingSettings {
  const production = env.NODE_ENV === 'production';
  return {
    maxEventLoopDelayMs: env.SHED_MAX_EVENT_LOOP_DELAY_MS ?? (production ? 500 : 0),
    maxEventLoopUtilization: env.SHED_MAX_EVENT_LOOP_UTILIZATION,
    maxHeapUsedBytes: env.SHED_MAX_HEAP_MB * MIB,
    maxRssBytes: env.SHED_MAX_RSS_MB * MIB,
    maxInFlight: env.SHED_MAX_IN_FLIGHT ?? (production ? 500 : 0),
    retryAfterSeconds: env.SHED_RETRY_AFTER_SECONDS,
  };
}

/**
 * What would make this configuration unsafe to run with NODE_ENV=production, each with the
 * variable that fixes it; empty outside production or when every risk is explicitly accepted.
 */
export function productionRefusals(
  config: Pick<
    AppConfig,
    | 'nodeEnv'
    | 'databaseUrl'
    | 'allowPgliteInProduction'
    | 'allowOutboxInProduction'
    | 'sms'
    | 'email'
    | 'operatorTotpKey'
    | 'auditChainKey'
    | 'vendorSandboxAutostart'
    | 'testClockDoor'
    | 'oidcDevProvider'
  >,
): string[] {
  if (config.nodeEnv !== 'production') return [];
  const refusals: string[] = [];
  if (!config.databaseUrl && !config.allowPgliteInProduction) {
    refusals.push(
      'Refusing NODE_ENV=production on PGlite. Set DATABASE_URL, or ALLOW_PGLITE_IN_PRODUCTION=1 to accept the risk.',
    );
  }
  if (!config.allowOutboxInProduction) {
    // The outbox delivers nothing: players would never get their codes or reset links.
    for (const [channel, variable] of [
      ['sms', 'SMS'],
      ['email', 'EMAIL'],
    ] as const) {
      if (config[channel].provider !== 'outbox') continue;
      refusals.push(
        `Refusing NODE_ENV=production with the outbox ${channel === 'sms' ? 'SMS' : 'e-mail'} provider (messages are only written to DATA_DIR). ` +
          `Set ${variable}_PROVIDER=http with ${variable}_HTTP_URL and ${variable}_HTTP_SECRET, or ALLOW_OUTBOX_IN_PRODUCTION=1 to accept it.`,
      );
    }
  }
  // Without it, operator TOTP secrets are encrypted under a key printed in this repository.
  if (!config.operatorTotpKey || config.operatorTotpKey.length < 32) {
    refusals.push(
      'Refusing NODE_ENV=production without OPERATOR_TOTP_KEY (32+ characters): operator TOTP secrets would be encrypted with the development key. ' +
        'Generate one, e.g. `openssl rand -base64 48`, and keep it with the database backups.',
    );
  }
  // Without it, whoever can write to the database can rewrite an audit entry and reseal the chain unseen.
  const auditKeyProblem = auditChainKeyProblem(config.auditChainKey);
  if (auditKeyProblem) {
    refusals.push(
      `Refusing NODE_ENV=production: AUDIT_CHAIN_KEY ${auditKeyProblem} (32+ characters, not the development key); without it a database owner could rewrite an audit entry and reseal the chain. ` +
        'Generate one, e.g. `openssl rand -base64 48`, keep it outside the database and its backups, and never change it without moving the old one to AUDIT_CHAIN_OLD_KEYS (docs/operations.md).',
    );
  }
  // The development start's reference vendor: its control endpoints and game page are test doors, with money behind them.
  if (config.vendorSandboxAutostart) {
    refusals.push(
      'Refusing NODE_ENV=production with VENDOR_SANDBOX_AUTOSTART=1: the reference game vendor is a development tool. ' +
        'Unset it; connect real vendors in the back office (or VENDOR_SANDBOX_URL with ALLOW_SANDBOX_VENDOR=1 for a deliberate demonstration).',
    );
  }
  // Anyone can sign in there as any test user, and through a linked identity as that member.
  if (config.oidcDevProvider?.autostart && !config.oidcDevProvider.allowInProduction) {
    refusals.push(
      'Refusing NODE_ENV=production with OIDC_DEV_PROVIDER_AUTOSTART=1: the local identity provider signs anyone in. Unset it, or ALLOW_OIDC_DEV_PROVIDER=1 for a deliberate demonstration.',
    );
  }
  // A clock anyone can move would end reward periods early and pay them: there is no way round this one.
  if (config.testClockDoor) {
    refusals.push(
      'Refusing NODE_ENV=production with TEST_CLOCK_DOOR=1: the test clock door is for browser tests only. Unset it.',
    );
  }
  return refusals;
}

/** Throw, naming every variable to set, when the configuration must not run in production. */
export function assertProductionSafe(config: Parameters<typeof productionRefusals>[0]): void {
  const refusals = productionRefusals(config);
  if (refusals.length > 0) throw new Error(refusals.join('\n'));
}
