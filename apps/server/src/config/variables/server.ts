/** The process and its HTTP listener: where it listens, what it serves, logs and metrics. */
import { httpUrl, httpUrlOrPath, oneOf, port, secret, text, trustProxy } from '../fields';
import type { EnvVariable } from './variable';

export const SERVER_VARIABLES = {
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
} as const satisfies Record<string, EnvVariable>;
