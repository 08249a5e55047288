/** Keys, password hashing, session lifetimes and payload encryption. */
import { ENCRYPTION_KEY_GRACE_MS } from '@wps/shared/constants';
import { decimal, text, textField, wholeNumber } from '../fields';
import type { EnvVariable } from './variable';

export const SECURITY_VARIABLES = {
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
} as const satisfies Record<string, EnvVariable>;
