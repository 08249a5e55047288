/**
 * Every environment variable the server, `npm run migrate`, `npm run ledger:check` and
 * `npm run ops` read: one entry each, in the order the README table lists them
 * (`node scripts/config-table.mjs` writes that table; a test fails when it is stale).
 *
 * To add a variable: add an entry here (schema from fields.ts, default as it would be written in
 * the environment, the AppConfig field or settings function it feeds, one sentence for the
 * README), read it from the parsed `env` in loadConfig (app-config.ts) or in the module's own
 * settings function through parseEnv, then run `node scripts/config-table.mjs`. Never read
 * `process.env` anywhere else: a bad value must stop the start, naming the variable.
 */
import type { z } from 'zod';
import { ENCRYPTION_KEY_GRACE_MS } from '@wps/shared/constants';
import {
  bigWholeNumber,
  decimal,
  flag,
  httpUrl,
  httpUrlOrPath,
  oneOf,
  originList,
  port,
  postgresUrl,
  secret,
  text,
  textField,
  trustProxy,
  wholeNumber,
} from './fields';

export type EnvVariable = {
  /** Parses the variable's text into its value (fields.ts); failures name what was expected. */
  schema: z.ZodType<unknown, string>;
  /** The value used when the variable is unset or blank, written as in the environment; none = undefined. */
  default?: string;
  /** What the README shows as the default when it is not a literal value (a computed path, a random secret). */
  defaultText?: string;
  /** Where the value goes: `AppConfig.<field>`, a module's settings function, or an ops command. */
  feeds: string;
  /** One sentence for the README table (Markdown). */
  description: string;
  /** Never echoed in error messages. */
  secret?: boolean;
};

export const ENV_VARIABLES = {
  PORT: {
    schema: port(),
    default: '8080',
    feeds: 'AppConfig.port',
    description: 'HTTP port for the site and the API (`0`: any free port)',
  },
  HOST: {
    schema: text(),
    default: '0.0.0.0',
    feeds: 'AppConfig.host',
    description: 'address to listen on',
  },
  NODE_ENV: {
    schema: oneOf(['development', 'production', 'test']),
    default: 'development',
    feeds: 'AppConfig.nodeEnv',
    description:
      '`production` refuses PGlite, the `outbox` providers and a missing `OPERATOR_TOTP_KEY` or `AUDIT_CHAIN_KEY` unless allowed below, and never serves `/dev/*`',
  },
  DEMO_CONTENT: {
    schema: oneOf(['auto', 'on', 'off']),
    default: 'auto',
    feeds: 'AppConfig.demoContent',
    description:
      "the demo operator's site content (banners, promotions, announcements, help articles, legal pages) written on the first server start of a new database, whichever command created it (`npm run ops`, `npm run migrate` or `npm start`): `auto` outside `NODE_ENV=production` only, `on` also there, `off` never",
  },
  DEMO_JURISDICTION: {
    schema: oneOf(['BR', 'permissive']),
    default: 'BR',
    feeds: 'AppConfig.demoJurisdiction',
    description:
      'the licence profile the demo operator is installed under, on the first server start of a new database (a licence set first with `npm run ops licence:set` stands): `BR` (Brazil: no bonus content, CPF and identity checks; demo players `demo1`, `demo2`) or `permissive` (the generic site, every rewards feature on when `DEMO_REWARDS` allows)',
  },
  DEMO_REWARDS: {
    schema: oneOf(['auto', 'on', 'off']),
    default: 'auto',
    feeds: 'AppConfig.demoRewards',
    description:
      "under `DEMO_JURISDICTION=permissive`, on the first server start of a new database: every rewards programme switched on with demo content (points mall, rebate, referral, missions, a raffle, bonus offers) and the demo operators `demoadmin` and `demofinance` (password `Demo2026backoffice`) who set it up, one asking and the other approving: `auto` outside `NODE_ENV=production` only, `on` also there, `off` never (the test suites' servers); BR seeds none of it",
  },
  DATA_DIR: {
    schema: text(),
    default: './data',
    feeds: 'AppConfig.dataDir',
    description: 'PGlite database (when no `DATABASE_URL`) and the SMS/e-mail outbox',
  },
  DATABASE_URL: {
    schema: postgresUrl(),
    feeds: 'AppConfig.databaseUrl',
    description:
      'PostgreSQL connection URL (`postgres://user:password@host:5432/db`); when set, PostgreSQL is used instead of PGlite. Several hosts with `?target_session_attrs=read-write` (`postgres://u@a:5432,b:5432/db?…`) follow a failover to the promoted server (docs/operations.md, Failover)',
    secret: true,
  },
  DATABASE_LISTEN_URL: {
    schema: postgresUrl(),
    defaultText: '`DATABASE_URL`',
    feeds: 'AppConfig.databaseListenUrl',
    description:
      'PostgreSQL only: the change feed\'s LISTEN connection (one per instance), straight to PostgreSQL when `DATABASE_URL` goes through PgBouncer in transaction mode, which keeps no session for LISTEN; set to another URL, `DATABASE_URL` is taken as pooled and its connections skip `SET jit = off` (set it on the role or database instead: docs/operations.md, "PgBouncer in transaction mode")',
    secret: true,
  },
  DATABASE_READ_URL: {
    schema: postgresUrl(),
    defaultText: 'unset (every read on `DATABASE_URL`)',
    feeds: 'AppConfig.databaseReadUrl',
    description:
      'PostgreSQL only: a streaming replica of `DATABASE_URL` for the reads that may be a little stale (back-office reports, lists and exports, the lobby\'s catalogue); money decisions and a player\'s own balance and records always read the primary (docs/operations.md, "Read replica")',
    secret: true,
  },
  DATABASE_READ_MAX_LAG_MS: {
    schema: wholeNumber(0),
    default: '5000',
    feeds: 'AppConfig.databaseReadMaxLagMs',
    description:
      "the replica's lag (measured every 2 s) above which the routed reads go to the primary until it catches up; also when the replica does not answer",
  },
  ALLOW_PGLITE_IN_PRODUCTION: {
    schema: flag(),
    default: '0',
    feeds: 'AppConfig.allowPgliteInProduction',
    description: '`1`/`true` lets `NODE_ENV=production` run on PGlite (single node only)',
  },
  ALLOW_OUTBOX_IN_PRODUCTION: {
    schema: flag(),
    default: '0',
    feeds: 'AppConfig.allowOutboxInProduction',
    description:
      '`1`/`true` lets `NODE_ENV=production` start with the `outbox` SMS/e-mail provider (nothing is delivered; `/dev/outbox/*` stays off)',
  },
  TRUST_PROXY: {
    schema: trustProxy(),
    default: 'false',
    feeds: 'AppConfig.trustProxy',
    description:
      'proxies trusted to set `X-Forwarded-For`: a hop count (`1` = one load balancer; the client is the address it appended) or a comma-separated list of proxy addresses / CIDR blocks (`10.0.0.0/8,192.0.2.7`); `false`/`0` ignores the header; `true` is refused',
  },
  PUBLIC_URL: {
    schema: httpUrl(),
    defaultText: '`http://localhost:$PORT`',
    feeds: 'AppConfig.publicUrl',
    description: 'public origin of the site, used in e-mailed password-reset links (never taken from the Host header)',
  },
  LOG_LEVEL: {
    schema: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    feeds: 'AppConfig.logLevel',
    description: 'pino log level',
  },
  WEB_DIST: {
    schema: text(),
    defaultText: '`apps/web/dist`',
    feeds: 'AppConfig.webDist',
    description: 'the built site to serve; the API runs alone when it has no `index.html`',
  },
  ERROR_REPORT_URL: {
    schema: httpUrlOrPath(),
    defaultText: 'unset (no reports)',
    feeds: 'AppConfig.errorReportUrl',
    description:
      "collector the site's pages POST their error reports to (an `http(s)://` URL, or a path on this site such as `/errors` for a proxy to route): written into the served `index.html` and, for a URL, its origin added to the CSP `connect-src` (docs/operations.md)",
  },
  BACKOFFICE_DIST: {
    schema: text(),
    defaultText: '`apps/backoffice/dist`',
    feeds: 'AppConfig.backofficeDist',
    description: 'the built back office served at `/backoffice/`',
  },
  OPERATOR_TOTP_KEY: {
    schema: text(),
    defaultText: 'development key',
    feeds: 'AppConfig.operatorTotpKey',
    description:
      "key (any text, stretched with SHA-256) that encrypts operators' TOTP secrets at rest; required with `NODE_ENV=production` (32+ characters; the server refuses to start without it); changing it means `npm run ops -- operator:totp-reset` for every operator",
    secret: true,
  },
  AUDIT_CHAIN_KEY: {
    schema: text(),
    defaultText: 'development key',
    feeds: 'AppConfig.auditChainKey',
    description:
      "HMAC key that seals the audit log's hash chain, kept out of the database so a database owner cannot reseal a rewritten entry; required with `NODE_ENV=production` (32+ characters; the server refuses to start without it); to rotate, move the old key to `AUDIT_CHAIN_OLD_KEYS` (docs/operations.md)",
    secret: true,
  },
  AUDIT_CHAIN_OLD_KEYS: {
    schema: textField('space-separated keys', (raw) => raw.split(/\s+/).filter(Boolean)),
    defaultText: 'none',
    feeds: 'AppConfig.auditChainOldKeys',
    description:
      'earlier `AUDIT_CHAIN_KEY` values, space-separated: the audit chain seals made with them still verify (keep each as long as the audit records)',
    secret: true,
  },
  SMS_PROVIDER: {
    schema: oneOf(['outbox', 'http']),
    default: 'outbox',
    feeds: 'AppConfig.sms.provider',
    description:
      '`outbox` appends messages to `DATA_DIR/outbox/sms.jsonl` (and, outside production, serves `GET /dev/outbox/sms`); `http` POSTs signed JSON',
  },
  SMS_HTTP_URL: {
    schema: httpUrl(),
    feeds: 'AppConfig.sms.httpUrl',
    description: 'endpoint of the `http` SMS provider',
  },
  SMS_HTTP_SECRET: {
    schema: text(),
    feeds: 'AppConfig.sms.httpSecret',
    description: 'signing secret of the `http` SMS provider',
    secret: true,
  },
  EMAIL_PROVIDER: {
    schema: oneOf(['outbox', 'http']),
    default: 'outbox',
    feeds: 'AppConfig.email.provider',
    description: '`outbox` (`DATA_DIR/outbox/email.jsonl`) or `http`',
  },
  EMAIL_HTTP_URL: {
    schema: httpUrl(),
    feeds: 'AppConfig.email.httpUrl',
    description: 'endpoint of the `http` e-mail provider',
  },
  EMAIL_HTTP_SECRET: {
    schema: text(),
    feeds: 'AppConfig.email.httpSecret',
    description: 'signing secret of the `http` e-mail provider',
    secret: true,
  },
  SCRYPT_LOG_N: {
    schema: wholeNumber(10, 20),
    default: '17',
    feeds: 'AppConfig.scryptLogN',
    description: 'scrypt cost exponent for passwords (N = 2^17); only tests lower it',
  },
  SESSION_IDLE_SECONDS: {
    schema: wholeNumber(1),
    default: '7200',
    feeds: 'AppConfig.sessionIdleSeconds',
    description: 'a session expires after this long unused',
  },
  SESSION_ABSOLUTE_SECONDS: {
    schema: wholeNumber(1),
    default: '604800',
    feeds: 'AppConfig.sessionAbsoluteSeconds',
    description: 'a session expires this long after login, used or not',
  },
  OPERATOR_SESSION_IDLE_SECONDS: {
    schema: wholeNumber(60),
    default: '1800',
    feeds: 'AppConfig.operatorSessionIdleSeconds',
    description: 'a back-office session expires after this long unused (the back office warns 5 minutes before)',
  },
  OPERATOR_SESSION_ABSOLUTE_SECONDS: {
    schema: wholeNumber(60),
    default: '43200',
    feeds: 'AppConfig.operatorSessionAbsoluteSeconds',
    description: 'a back-office session expires this long after sign-in, used or not',
  },
  ENCRYPTION_KEY_ROTATION_DAYS: {
    schema: decimal(0),
    default: '30',
    feeds: 'loadKeySettings().rotationPeriodMs',
    description:
      'the payload-encryption RSA key is replaced when older than this (exactly once across instances); `0` = only manual `keys:rotate`',
  },
  ENCRYPTION_KEY_GRACE_MINUTES: {
    schema: decimal(0),
    default: String(ENCRYPTION_KEY_GRACE_MS / 60_000),
    feeds: 'loadKeySettings().graceMs',
    description: 'a retired payload-encryption key still decrypts for this long',
  },
  PAYLOAD_REPLAY_WINDOW_SECONDS: {
    schema: decimal(1),
    default: '300',
    feeds: 'loadKeySettings().replayWindowMs',
    description:
      "an encrypted body's sealed time must be this close to the server's clock; its nonce is remembered that long (docs/api.md)",
  },
  SANDBOX_GATEWAY_SECRET: {
    schema: secret(16),
    defaultText: 'random per process',
    feeds: 'loadDepositSettings().sandboxSecret',
    description:
      "HMAC secret of the sandbox payment gateway's webhook (16+ characters; set it when several instances run)",
    secret: true,
  },
  DEPOSIT_MANUAL_TTL_MINUTES: {
    schema: wholeNumber(1),
    default: '1440',
    feeds: 'loadDepositSettings().manualTtlMinutes',
    description: 'a manual bank-transfer deposit order expires after this long unconfirmed',
  },
  DEPOSIT_GATEWAY_TTL_MINUTES: {
    schema: wholeNumber(1),
    default: '30',
    feeds: 'loadDepositSettings().gatewayTtlMinutes',
    description: 'a gateway deposit order expires after this long unpaid (after a status check with the gateway)',
  },
  ALLOW_SANDBOX_GATEWAY: {
    schema: flag(),
    default: '0',
    feeds: 'loadDepositSettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox payment gateway on with `NODE_ENV=production` (off there by default: anyone can press its Pay button)',
  },
  SANDBOX_GATEWAY_PIX_CITY: {
    schema: text(),
    default: 'Sao Paulo',
    feeds: 'loadDepositSettings().pixCity',
    description:
      "the merchant city the sandbox gateway writes in its PIX charges' BR Codes (field 60; a real gateway knows the merchant's)",
  },
  ALLOW_SANDBOX_PIX_DIRECTORY: {
    schema: flag(),
    default: '0',
    feeds: 'loadPixDirectorySettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox PIX directory (keys and accounts listed on its own page, `/sandbox-pix/directory`) on with `NODE_ENV=production`; off there by default (anyone could list a key under any CPF), when binding a PIX key or, under the `BR` profile, a bank account refuses (`PIX_DIRECTORY_UNAVAILABLE`) until a real provider is connected (docs/compliance.md, "PIX")',
  },
  SANDBOX_KYC_SECRET: {
    schema: secret(16),
    defaultText: 'random per process',
    feeds: 'loadKycSettings().sandboxSecret',
    description:
      "HMAC secret of the sandbox identity (KYC) provider's result callback (16+ characters; set it when several instances run)",
    secret: true,
  },
  ALLOW_SANDBOX_KYC: {
    schema: flag(),
    default: '0',
    feeds: 'loadKycSettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox identity (KYC) provider on with `NODE_ENV=production`; off there by default (anyone could pass its checks), when identity checks refuse to start until a real provider is connected (docs/compliance.md, "KYC")',
  },
  ALLOW_SANDBOX_BARRED_LIST: {
    schema: flag(),
    default: '0',
    feeds: 'loadBarredListSettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox barred-persons provider (CPFs listed in the back office) on with `NODE_ENV=production`; off there by default, when every barred-list check under the `BR` profile refuses until a real provider is connected (docs/compliance.md)',
  },
  ALLOW_SANDBOX_AML: {
    schema: flag(),
    default: '0',
    feeds: 'loadAmlSettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox anti-money-laundering providers (PEP screening from CPFs listed in the back office, a COAF sender that files nothing) on with `NODE_ENV=production`; off there by default, when sign-ups stay unscreened until a real provider is connected and filing a case with COAF refuses (docs/compliance.md, "Anti-money laundering")',
  },
  VENDOR_SANDBOX_URL: {
    schema: httpUrl(),
    feeds: 'loadGatewaySettings().sandbox, AppConfig.frameOrigins',
    description:
      'base URL of the reference game vendor (`apps/vendor-sandbox`, e.g. `http://127.0.0.1:8257`); with `VENDOR_SANDBOX_SECRET` the demo vendors `SBX` (seamless) and `SBT` (transfer) connect to it (docs/vendor-api.md)',
  },
  VENDOR_SANDBOX_SECRET: {
    schema: secret(16),
    feeds: 'loadGatewaySettings().sandbox',
    description: 'the HMAC secret the reference game vendor shares (16+ characters)',
    secret: true,
  },
  ALLOW_SANDBOX_VENDOR: {
    schema: flag(),
    default: '0',
    feeds: 'loadGatewaySettings().isSandboxVendorAllowed',
    description:
      '`1`/`true` connects the reference game vendor (`SBX`, `SBT`) with `NODE_ENV=production`; without it the server starts with them unconnected and logs why (its control endpoints and game page are test doors)',
  },
  VENDOR_SANDBOX_AUTOSTART: {
    schema: flag(),
    defaultText: '`1` with `NODE_ENV=development`, else `0`',
    feeds: 'AppConfig.vendorSandboxAutostart',
    description:
      '`1`/`true`: the server starts the reference game vendor (`apps/vendor-sandbox`) as a child process on a free local port with a fresh secret and connects `SBX` (seamless) and `SBT` (transfer) to it, so both wallet models can be played with no setup; skipped when `VENDOR_SANDBOX_URL` is set; `NODE_ENV=production` refuses to start with it',
  },
  OIDC_DEV_PROVIDER_AUTOSTART: {
    schema: flag(),
    default: '0',
    feeds: 'AppConfig.oidcDevProvider',
    description:
      "`1`/`true`: the server starts the local identity provider (`apps/idp-sandbox`, on oidc-provider, with test users) as a child process with a fresh client secret and keeps the back office's provider `Local IdP` pointed at it (its enabled switch stays the operator's), so sign-in with an identity provider can be tried with no setup; `NODE_ENV=production` refuses to start with it unless `ALLOW_OIDC_DEV_PROVIDER=1`",
  },
  OIDC_DEV_PROVIDER_PORT: {
    schema: port(),
    default: '0',
    feeds: 'AppConfig.oidcDevProvider',
    description:
      'port of the local identity provider `OIDC_DEV_PROVIDER_AUTOSTART` starts, on 127.0.0.1 (`0`: any free port)',
  },
  ALLOW_OIDC_DEV_PROVIDER: {
    schema: flag(),
    default: '0',
    feeds: 'productionRefusals',
    description:
      '`1`/`true` lets `OIDC_DEV_PROVIDER_AUTOSTART` run with `NODE_ENV=production` (anyone can sign in there as any test user: a demonstration only)',
  },
  TEST_CLOCK_DOOR: {
    schema: flag(),
    default: '0',
    feeds: 'AppConfig.testClockDoor',
    description:
      "`1`/`true`, for browser tests only: `PUT /dev/clock` `{ offsetMs }` runs the calendar clock (the rebate's and missions' periods, the withdrawal day) that far ahead, so a test sees a day end without waiting; `NODE_ENV=production` refuses to start with it",
  },
  VENDOR_MAX_WIN_MULTIPLE: {
    schema: bigWholeNumber(),
    default: '10000',
    feeds: 'loadGatewaySettings().winLimits.multiple',
    description:
      "a single seamless win pays at most this many times its round's stake; a bigger one is refused `WIN_LIMIT_EXCEEDED` (stored); `0` turns this bound off",
  },
  VENDOR_MAX_WIN_MINOR: {
    schema: bigWholeNumber(),
    feeds: 'loadGatewaySettings().winLimits.maxMinor',
    description: 'an absolute cap on a single seamless win, in minor units; the smaller of the two caps applies',
  },
  VENDOR_FRAME_ORIGINS: {
    schema: originList(),
    feeds: 'AppConfig.frameOrigins',
    description: "space-separated origins of real vendors' game pages, allowed as `/game` iframe sources by the CSP",
  },
  JOB_LEASE_MS: {
    schema: wholeNumber(100),
    default: '60000',
    feeds: 'AppConfig.jobLeaseMs',
    description:
      "how long an instance's claim on a periodic job's period holds without renewal: how soon another instance takes over the period of one that died",
  },
  CRASH_CHAIN_LENGTH: {
    schema: wholeNumber(10, 100_000_000),
    defaultText: '10,000,000 under `NODE_ENV=production`, 10,000 otherwise',
    feeds: 'AppConfig.crash.chainLength',
    description:
      "the rounds in each of crash's hash chains: made in the background when none is active (10 million take about 10 s of SHA-256; development and test servers make small ones), its last hash published before its first round (docs/provably-fair.md)",
  },
  CRASH_BETTING_MS: {
    schema: wholeNumber(500, 60_000),
    default: '6000',
    feeds: 'AppConfig.crash.bettingMs',
    description: "the betting window before each crash round's flight, in milliseconds",
  },
  CRASH_SPEED: {
    schema: wholeNumber(1, 100),
    default: '1',
    feeds: 'AppConfig.crash.speed',
    description:
      "how many times faster than bustabit's rate (e^(0.00006·ms)) crash's multiplier rises, fixed on each round when it opens (tests and demonstrations raise it)",
  },
  CRASH_LEASE_MS: {
    schema: wholeNumber(200, 60_000),
    default: '3000',
    feeds: 'AppConfig.crash.leaseMs',
    description:
      "how long the instance driving crash's rounds holds its lease without renewing it: how soon another instance takes over from one that died",
  },
  LOTTERY_LIVE_MAX_STREAMS: {
    schema: wholeNumber(1),
    default: '20000',
    feeds: 'AppConfig.lotteryLive.maxStreams',
    description:
      "the lottery pages' live event streams (`GET /lgw/live`) one instance holds open at most; the next is refused `SERVER_BUSY` (503) until one closes",
  },
  LOTTERY_LIVE_STREAMS_PER_IP: {
    schema: wholeNumber(1),
    default: '20',
    feeds: 'AppConfig.lotteryLive.perIp',
    description:
      'live event streams one client address may hold open on an instance (a household behind one address opens a few; one client cannot take them all)',
  },
  JOB_INTERVAL_MS: {
    schema: wholeNumber(10),
    defaultText: "each job's own",
    feeds: 'AppConfig.jobIntervalMs',
    description: 'runs every periodic job on this interval instead of its own (tests and demonstrations only)',
  },
  REWARD_EVENTS_POLL_MS: {
    schema: wholeNumber(10),
    default: '200',
    feeds: 'AppConfig.rewardEventsPollMs',
    description:
      "the shortest time between two batches of a rewards-engine consumer that is not behind (new player events wake the consumers through the change feed; while the feed is down, how often an idle instance looks); the events' lag is about this while traffic is light, and up to five times this under steady load, when a consumer waits longer between batches to take more events in each",
  },
  METRICS_PORT: {
    schema: port(),
    defaultText: 'unset (no internal listener)',
    feeds: 'AppConfig.metricsPort',
    description:
      'internal port (on `METRICS_HOST`) that serves Prometheus `GET /metrics` without a token; keep it off the public network (`0`: any free port)',
  },
  METRICS_HOST: {
    schema: text(),
    defaultText: 'the value of `HOST`',
    feeds: 'AppConfig.metricsHost',
    description:
      'address the `METRICS_PORT` listener binds to; set a private one (`127.0.0.1`, an internal interface) so the tokenless `/metrics` is never public',
  },
  METRICS_TOKEN: {
    schema: secret(32, 500),
    defaultText: 'unset (no `/metrics` on `PORT`)',
    feeds: 'AppConfig.metricsToken',
    description:
      'serves `/metrics` on the main port too, only with `Authorization: Bearer <token>` (32–500 characters); with neither this nor `METRICS_PORT`, `/metrics` is a 404',
    secret: true,
  },
  VENDOR_SECRET: {
    schema: secret(16, 200),
    feeds: 'ops CLI vendor:adapter',
    description:
      'only for `npm run ops -- vendor:adapter`: the shared secret of the vendor being connected (16–200 characters; never on the command line)',
    secret: true,
  },
  OPS_PASSWORD: {
    schema: text(),
    defaultText: 'generated',
    feeds: 'ops CLI operator:create',
    description:
      "only for `npm run ops -- operator:create`: the new operator's password; unset, a strong one is generated and printed once",
    secret: true,
  },
} as const satisfies Record<string, EnvVariable>;
