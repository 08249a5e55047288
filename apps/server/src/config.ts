import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// src/ and dist/ sit at the same depth, so this resolves to apps/web/dist from either.
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const DEFAULT_BACKOFFICE_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../backoffice/dist');

export type SmsProviderKind = 'outbox' | 'http';

/**
 * Which proxies may set the client address through `X-Forwarded-For` (Fastify's `trustProxy`):
 * `false` (the header is ignored), a hop count, or the proxies' addresses and CIDR blocks.
 * Never `true`: trusting every hop lets a client choose its own address by sending the header.
 */
export type TrustProxy = false | number | string[];

export type AppConfig = {
  port: number;
  host: string;
  nodeEnv: string;
  dataDir: string;
  /** When set, PostgreSQL; otherwise embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  allowPgliteInProduction: boolean;
  /** ALLOW_OUTBOX_IN_PRODUCTION: accept the outbox SMS/e-mail provider (nothing delivered) in production. */
  allowOutboxInProduction: boolean;
  trustProxy: TrustProxy;
  logLevel: string;
  /** Built SPA served at /. Absent in API-only tests. */
  webDist: string | undefined;
  /** Built back office served at /backoffice/ (BACKOFFICE_DIST). Absent in API-only tests. */
  backofficeDist?: string | undefined;
  /** OPERATOR_TOTP_KEY: the key operator TOTP secrets are encrypted with at rest (see docs/decisions.md). */
  operatorTotpKey?: string | undefined;
  sms: { provider: SmsProviderKind; httpUrl: string | undefined; httpSecret: string | undefined };
  email: { provider: SmsProviderKind; httpUrl: string | undefined; httpSecret: string | undefined };
  /** Scrypt cost exponent; 17 in production, lowered only by tests. */
  scryptLogN: number;
  /** Session lifetimes in seconds. */
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** Public origin of the site (PUBLIC_URL), used in e-mailed links; never taken from the Host header. */
  publicUrl?: string | undefined;
  /**
   * Origins allowed to be framed by /game besides our own: the reference vendor's
   * (VENDOR_SANDBOX_URL) and VENDOR_FRAME_ORIGINS (space-separated). Read into the CSP and the
   * Permissions-Policy.
   */
  frameOrigins?: string[];
};

const flag = (v: string | undefined) => v === '1' || v === 'true';

/** Named ranges proxy-addr understands besides addresses and CIDR blocks. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Parse TRUST_PROXY: unset, empty, `0` or `false` → ignore `X-Forwarded-For`; a whole number →
 * that many proxy hops (`1`: one load balancer in front, so the client is the last address it
 * appended); otherwise a comma-separated list of proxy addresses or CIDR blocks. `true` is
 * refused: it used to mean "trust every hop", which lets any client pick its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw === 'true') {
    throw new Error('TRUST_PROXY=true is no longer accepted: set the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.0.2.7)');
  }
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  const invalid = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || invalid.length > 0) {
    throw new Error(`TRUST_PROXY must be a hop count or comma-separated proxy addresses / CIDR blocks; not understood: ${invalid.join(', ') || raw}`);
  }
  return entries;
}

/**
 * The TRUST_PROXY setting in the form Fastify takes. A hop count becomes a function of the hop
 * index, because Fastify treats a bare number as "trust nothing"; address lists go through as
 * they are. proxy-addr walks from the socket address (hop 0) towards the client and stops at
 * the first untrusted hop, which is the client address.
 */
export function fastifyTrustProxy(trustProxy: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') {
    const hops = trustProxy;
    return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
  }
  return trustProxy;
}

/** Origins (scheme://host:port) of the vendors' game pages; anything that is not an http(s) URL is dropped. */
export function parseFrameOrigins(env: NodeJS.ProcessEnv): string[] {
  const origins = new Set<string>();
  for (const candidate of [env.VENDOR_SANDBOX_URL, ...(env.VENDOR_FRAME_ORIGINS ?? '').split(/\s+/)]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Not a URL: ignored rather than written into the policy.
    }
  }
  return [...origins];
}

/** Read the configuration from the environment, with the documented defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const provider = (v: string | undefined): SmsProviderKind => (v === 'http' ? 'http' : 'outbox');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    nodeEnv: env.NODE_ENV ?? 'development',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    allowPgliteInProduction: flag(env.ALLOW_PGLITE_IN_PRODUCTION),
    allowOutboxInProduction: flag(env.ALLOW_OUTBOX_IN_PRODUCTION),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST ?? DEFAULT_WEB_DIST,
    backofficeDist: env.BACKOFFICE_DIST ?? DEFAULT_BACKOFFICE_DIST,
    operatorTotpKey: env.OPERATOR_TOTP_KEY || undefined,
    sms: { provider: provider(env.SMS_PROVIDER), httpUrl: env.SMS_HTTP_URL, httpSecret: env.SMS_HTTP_SECRET },
    email: { provider: provider(env.EMAIL_PROVIDER), httpUrl: env.EMAIL_HTTP_URL, httpSecret: env.EMAIL_HTTP_SECRET },
    scryptLogN: Number(env.SCRYPT_LOG_N ?? 17),
    sessionIdleSeconds: Number(env.SESSION_IDLE_SECONDS ?? 2 * 60 * 60),
    sessionAbsoluteSeconds: Number(env.SESSION_ABSOLUTE_SECONDS ?? 7 * 24 * 60 * 60),
    publicUrl: env.PUBLIC_URL || undefined,
    frameOrigins: parseFrameOrigins(env),
  };
}

/**
 * What would make this configuration unsafe to run with NODE_ENV=production, each with the
 * variable that fixes it; empty outside production or when every risk is explicitly accepted.
 */
export function productionRefusals(
  config: Pick<AppConfig, 'nodeEnv' | 'databaseUrl' | 'allowPgliteInProduction' | 'allowOutboxInProduction' | 'sms' | 'email' | 'operatorTotpKey'>,
): string[] {
  if (config.nodeEnv !== 'production') return [];
  const refusals: string[] = [];
  if (!config.databaseUrl && !config.allowPgliteInProduction) {
    refusals.push('Refusing NODE_ENV=production on PGlite. Set DATABASE_URL, or ALLOW_PGLITE_IN_PRODUCTION=1 to accept the risk.');
  }
  if (!config.allowOutboxInProduction) {
    // The outbox delivers nothing: players would never get their codes or reset links.
    for (const [channel, variable] of [['sms', 'SMS'], ['email', 'EMAIL']] as const) {
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
  return refusals;
}

/** Throw, naming every variable to set, when the configuration must not run in production. */
export function assertProductionSafe(config: Parameters<typeof productionRefusals>[0]): void {
  const refusals = productionRefusals(config);
  if (refusals.length > 0) throw new Error(refusals.join('\n'));
}
