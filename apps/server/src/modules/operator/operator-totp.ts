import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238) for operator logins: SHA-1, 6 digits, 30 s steps — what every authenticator
 * app reads from an otpauth URI. Secrets are kept encrypted at rest with AES-256-GCM.
 */

export const TOTP_PERIOD_SECONDS = 30;
/** One step either side absorbs clock drift between the phone and the server. */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const ISSUER = 'WPS Back Office';
/** Stored form: v1.<iv>.<tag>.<ciphertext>, base64url; the version lets the scheme change later. */
const FORMAT = 'v1';
/** Used only when OPERATOR_TOTP_KEY is unset (development and tests); docs/operations.md says to set it. */
const DEVELOPMENT_KEY = 'wps-development-operator-totp-key';

export type TotpCipher = {
  encrypt(secret: string): string;
  decrypt(stored: string): string;
};

/** The cipher for stored TOTP secrets; any key text is stretched to 32 bytes with SHA-256. */
export function createTotpCipher(keyText: string | undefined): TotpCipher {
  const key = crypto
    .createHash('sha256')
    .update(keyText ?? DEVELOPMENT_KEY)
    .digest();
  return {
    encrypt(secret) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [
        FORMAT,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    decrypt(stored) {
      const [format, iv, tag, body] = stored.split('.');
      if (format !== FORMAT || !iv || !tag || !body) throw new Error('unknown TOTP secret format');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** A fresh 160-bit secret (base32) and the otpauth URI an authenticator app scans. */
export function newTotpSecret(username: string): { secret: string; otpauthUri: string } {
  const secret = generateSecret();
  return { secret, otpauthUri: generateURI({ issuer: ISSUER, label: username, secret, period: TOTP_PERIOD_SECONDS }) };
}

/**
 * The time-step a code belongs to, or null when it is wrong at `nowMs` or not later than
 * `afterStep` (the operator's last used step: a code works once).
 */
export async function matchTotpStep(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
}
