import type { LicencePolicy } from '../licence/licence-policy';
import crypto from 'node:crypto';
import type { WhitelabelModule } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { Country, RegisterSettings } from '@wps/shared/schemas/system';
import type { FieldError } from '@wps/shared/validation-patterns';
import type { AppConfig } from '../../config';
import type { ChangeFeed } from '../../db/change-feed';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import type { LedgerService } from '../ledger/ledger.service';
import type { SessionService } from '../session/session.service';
import type { CaptchaService } from '../verification/captcha.service';
import type { Notifier } from '../verification/notifier';
import type { OtpService } from '../verification/otp.service';
import type { RateLimiter } from '../verification/rate-limiter';
import type { AffiliateCodeRow } from './member.repository';

/** What the member service needs from the system service (operator configuration). */
export type SystemPort = {
  getRegisterSettings(): Promise<RegisterSettings>;
  isModuleEnabled(id: WhitelabelModule): Promise<boolean>;
  /** The registration bonus a new account receives (0 where the operator's licence forbids it). */
  getRegistrationBonus(): Promise<bigint>;
  getOperatorConfig(): Promise<{
    freeplayDemoBalanceMinor: string | bigint;
    passwordMaxAgeDays: number;
  }>;
  listCountries(): Country[] | readonly Country[] | Promise<Country[] | readonly Country[]>;
};

export type MemberContext = Pick<AppContext, 'db' | 'log' | 'metrics'> & {
  config: Pick<AppConfig, 'scryptLogN' | 'port'> & { publicUrl?: string | undefined };
  system: SystemPort;
  ledger: Pick<LedgerService, 'ensurePlayerWallet' | 'creditPlayerFromSystem'>;
  captcha: Pick<CaptchaService, 'verify'>;
  otp: Pick<OtpService, 'verify'>;
  rateLimiter: RateLimiter;
  session: SessionService;
  notifier: Pick<Notifier, 'sendEmail'>;
  /** Member-row changes on any instance; without a live feed member info is not cached. */
  changeFeed?: ChangeFeed;
  /** The licence's door `account.create`, asked in the transaction that creates a real account. */
  licence: Pick<LicencePolicy, 'ask'>;
  now?: () => number;
};

/** Who is calling: used for rate limits and stored with sessions. */
export type { RequestOrigin } from '../../http/request-origin';

/** One failed field in a VALIDATION_FAILED value. */
export type FieldFailure = { field: string } & FieldError;

export function failFields(fields: FieldFailure[]): never {
  const names = fields.map((f) => f.field).join(', ');
  throw new AppError(ErrorCode.VALIDATION_FAILED, `Invalid input: ${names}`, { fields });
}

export function required(field: string): FieldFailure {
  return { field, code: 'required', patternId: 0, min: 0, max: 0 };
}

export function hashKey(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function randomDigits(count: number): string {
  let out = String(crypto.randomInt(1, 10));
  while (out.length < count) out += String(crypto.randomInt(0, 10));
  return out;
}

/** Letters and digits a person can read out and type without confusing them (no 0/o, 1/l/i). */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new random invitation code (a referral code, an agent link's code), 8 of CODE_ALPHABET. */
export function randomInviteCode(): string {
  return [...crypto.randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** A password nobody knows, for accounts that log in another way (SMS, free play). */
export function randomPassword(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export function normaliseDomain(domain: string | undefined): string | null {
  if (!domain) return null;
  const host =
    domain
      .trim()
      .toLowerCase()
      .replace(/^[a-z]+:\/\//, '')
      .split('/')[0]
      ?.split(':')[0] ?? '';
  return host.replace(/^www\./, '') || null;
}

/** A code bound to a domain is valid on that domain and its subdomains only. */
export function isCodeValidOn(code: AffiliateCodeRow, domain: string | undefined): boolean {
  if (!code.domain) return true;
  const host = normaliseDomain(domain);
  return host !== null && (host === code.domain || host.endsWith(`.${code.domain}`));
}

export function maskMobile(dialingCode: string | null, mobile: string | null): string | null {
  if (!mobile) return null;
  const visible =
    mobile.length > 6
      ? `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-3)}`
      : `${'*'.repeat(Math.max(0, mobile.length - 2))}${mobile.slice(-2)}`;
  return dialingCode ? `+${dialingCode} ${visible}` : visible;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** Rate limits (limit per window in seconds); password-login limits are in login-throttle.ts. */
export const MEMBER_LIMITS = {
  registerPerIp: { limit: 60, windowSeconds: 60 * 60 },
  freeplayPerIp: { limit: 30, windowSeconds: 60 * 60 },
  passwordChangePerMember: { limit: 10, windowSeconds: 15 * 60 },
  forgotPerIp: { limit: 10, windowSeconds: 60 * 60 },
  forgotPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetTokenPerIp: { limit: 20, windowSeconds: 60 * 60 },
  affiliatePerIp: { limit: 30, windowSeconds: 60 },
} as const;
