import path from 'node:path';
import { fileURLToPath } from 'node:url';

// src/ and dist/ sit at the same depth, so this resolves to apps/web/dist from either.
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type SmsProviderKind = 'outbox' | 'http';

export type AppConfig = {
  port: number;
  host: string;
  nodeEnv: string;
  dataDir: string;
  /** When set, PostgreSQL; otherwise embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  allowPgliteInProduction: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** Built SPA served at /. Absent in API-only tests. */
  webDist: string | undefined;
  sms: { provider: SmsProviderKind; httpUrl: string | undefined; httpSecret: string | undefined };
  email: { provider: SmsProviderKind; httpUrl: string | undefined; httpSecret: string | undefined };
  /** Scrypt cost exponent; 17 in production, lowered only by tests. */
  scryptLogN: number;
  /** Session lifetimes in seconds. */
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** Public origin of the site (PUBLIC_URL), used in e-mailed links; never taken from the Host header. */
  publicUrl?: string | undefined;
};

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
    allowPgliteInProduction: env.ALLOW_PGLITE_IN_PRODUCTION === '1' || env.ALLOW_PGLITE_IN_PRODUCTION === 'true',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST ?? DEFAULT_WEB_DIST,
    sms: { provider: provider(env.SMS_PROVIDER), httpUrl: env.SMS_HTTP_URL, httpSecret: env.SMS_HTTP_SECRET },
    email: { provider: provider(env.EMAIL_PROVIDER), httpUrl: env.EMAIL_HTTP_URL, httpSecret: env.EMAIL_HTTP_SECRET },
    scryptLogN: Number(env.SCRYPT_LOG_N ?? 17),
    sessionIdleSeconds: Number(env.SESSION_IDLE_SECONDS ?? 2 * 60 * 60),
    sessionAbsoluteSeconds: Number(env.SESSION_ABSOLUTE_SECONDS ?? 7 * 24 * 60 * 60),
    publicUrl: env.PUBLIC_URL || undefined,
  };
}
