import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import type { BankAccountSummary } from '@wps/shared/schemas/security';
import { maskPixKey, type PixKeyType } from '@wps/shared/pix-key';
import type { Country, FieldRule, RegisterSettings } from '@wps/shared/schemas/system';
import { validateField, type FieldError } from '@wps/shared/validation-patterns';
import type { AppConfig } from '../../config';
import type { ChangeFeed } from '../../db/change-feed';
import type { DatabaseKind } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import type { Notifier } from '../verification/notifier';
import type { OtpService } from '../verification/otp.service';
import type { RateLimiter } from '../verification/rate-limiter';
import type { BankAccountRow } from './security.repository';

/** What the security service needs from the system service (operator configuration). */
export type SystemPort = {
  getRegisterSettings(): Promise<RegisterSettings>;
  getOperatorConfig(): Promise<{ maxBankAccountsPerMember: number }>;
  listCountries(): Country[] | readonly Country[] | Promise<Country[] | readonly Country[]>;
};

export type SecurityContext = Pick<AppContext, 'db' | 'log'> & {
  config: Pick<AppConfig, 'scryptLogN'>;
  /** PGlite has one session: inside a caller's transaction every query must go through it. */
  databaseKind: DatabaseKind;
  system: SystemPort;
  otp: Pick<OtpService, 'send' | 'verify'>;
  rateLimiter: RateLimiter;
  notifier: Pick<Notifier, 'sendEmail'>;
  /** Told after a committed change to the member row, so cached member info is evicted at once. */
  changeFeed?: Pick<ChangeFeed, 'announce'>;
  /**
   * Whether the payee name comes from the identity check rather than the player (a licence that
   * identifies players: docs/compliance.md, "KYC"). Absent: the player binds it.
   */
  payeeNameFromIdentity?: () => Promise<boolean>;
  now?: () => number;
};

/** Who is calling: the IP is used for the code-sending limits. */
/** Who asks: the IP for the limits, and the site's language for the words of a code sent (verification/notice-texts.ts). */
export type SecurityOrigin = { ip: string; language?: string | undefined };

/** Used when the operator's register settings have no rule for the field. */
export const FALLBACK_RULES = {
  /** Six digits, the usual payment PIN. */
  paymentPassword: { acceptedPattern: '*', minLength: 6, maxLength: 6, patternId: 6 },
  /** Letters of any script and spaces. */
  payeeName: { acceptedPattern: '*', minLength: 2, maxLength: 64, patternId: 12 },
  email: { acceptedPattern: '*', minLength: 6, maxLength: 128, patternId: 3 },
} satisfies Record<string, FieldRule>;

/** One failed field in a VALIDATION_FAILED value (the same shape registration uses). */
export type FieldFailure = { field: string } & FieldError;

export function failFields(fields: FieldFailure[]): never {
  throw new AppError(ErrorCode.VALIDATION_FAILED, `Invalid input: ${fields.map((f) => f.field).join(', ')}`, {
    fields,
  });
}

export function required(field: string): FieldFailure {
  return { field, code: 'required', patternId: 0, min: 0, max: 0 };
}

export function checkField(field: string, rule: FieldRule | undefined, value: string): void {
  const error = validateField(rule, value, { required: true });
  if (error) failFields([{ field, ...error }]);
}

/** Same digit repeated, or a straight run up or down (123456, 987654): guessed first. */
export function isTrivialPin(value: string): boolean {
  if (!/^\d{4,}$/.test(value)) return false;
  const steps = new Set<number>();
  for (let i = 1; i < value.length; i++) steps.add(Number(value[i]) - Number(value[i - 1]));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0] ?? 2);
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

export function maskMobile(dialingCode: string | null, mobile: string | null): string | null {
  if (!mobile) return null;
  const visible =
    mobile.length > 6
      ? `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-3)}`
      : `${'*'.repeat(Math.max(0, mobile.length - 2))}${mobile.slice(-2)}`;
  return dialingCode ? `+${dialingCode} ${visible}` : visible;
}

/** Only the last 4 digits of an account number are ever shown. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

export function toSummary(row: BankAccountRow): BankAccountSummary {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    holderName: row.holderName,
    createdAt: row.createdAt.toISOString(),
    pixKeyType: row.pixKeyType,
    pixKeyMasked: row.pixKeyType && row.pixKey ? maskPixKey(row.pixKeyType, row.pixKey) : null,
  };
}

/** A bound payout account as payments use it: the full number (and PIX key, when it is one), for payouts. */
export type BankAccount = {
  id: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  holderName: string;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
};

export function toBankAccount(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    holderName: row.holderName,
    pixKeyType: row.pixKeyType,
    pixKey: row.pixKey,
  };
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function retryAfter(untilMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
}
