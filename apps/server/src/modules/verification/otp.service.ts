import crypto from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '@wps/shared/constants';
import { noticeLanguage, otpSms } from './notice-texts';
import { ErrorCode } from '@wps/shared/error-codes';
import type { SmsSentResult } from '@wps/shared/schemas/verification';
import { AppError } from '../../http/app-error';
import type { OtpPurpose } from '../../db/tables/verification';
import type { Notifier } from './notifier';
import type { RateLimiter, VerificationContext } from './rate-limiter';
import { hashOneTimeCode, newOneTimeCode, sameCodeHash } from './one-time-code';
import { consumeOtp, findOtp, pruneOtps, recordOtpFailure, upsertOtp } from './verification.repository';

export type { OtpPurpose };

/** Sending and checking limits (security guide: one send per 60 s per number, limits per IP, checks limited). */
export const OTP_LIMITS = {
  sendPerNumber: { limit: 1, windowSeconds: OTP_RESEND_SECONDS },
  sendPerNumberHourly: { limit: 10, windowSeconds: 60 * 60 },
  sendPerIp: { limit: 10, windowSeconds: 60 * 60 },
  checkPerNumber: { limit: 10, windowSeconds: 10 * 60 },
  checkPerIp: { limit: 30, windowSeconds: 10 * 60 },
} as const;

const OTP_TTL_MS = OTP_TTL_MINUTES * 60 * 1000;
/** Roughly one send in this many deletes a batch of codes that expired over a day ago. */
const PRUNE_EVERY = 20;
const PRUNE_AGE_MS = 24 * 60 * 60 * 1000;

type OtpContext = VerificationContext & { notifier: Notifier; rateLimiter: RateLimiter };

export type OtpTarget = { purpose: OtpPurpose; dialingCode: string; mobile: string };

/** The number a code is bound to: dialing code and national digits, as the outbox addresses it. */
export function formatFullNumber(dialingCode: string, mobile: string): string {
  return `${dialingCode.replace(/^\+/, '')}${mobile}`;
}

/** Whether a dialing code and national number are plain digits of sensible length (as the shared schemas require). */
function isWellFormedNumber(dialingCode: string, mobile: string): boolean {
  return /^\+?\d{1,4}$/.test(dialingCode) && /^\d{4,15}$/.test(mobile);
}

/** A code's hash is bound to its purpose and full number (one-time-code.ts). */
const hashCode = (salt: string, purpose: OtpPurpose, phone: string, code: string) =>
  hashOneTimeCode(salt, [purpose, phone], code);

/**
 * Six-digit SMS codes for registration, login and password reset. Each code is bound to its
 * purpose and full number, lives OTP_TTL_MINUTES, is single use and dies after OTP_MAX_ATTEMPTS
 * wrong tries. Only a salted HMAC of the code is stored.
 */
export function createOtpService(ctx: OtpContext) {
  const { db, log, notifier, rateLimiter } = ctx;
  const now = ctx.now ?? Date.now;

  return {
    /**
     * Generate, store and send a code. Throws TOO_MANY_REQUESTS (value { retryAfterSeconds })
     * when the number or the IP is over its limit, SMS_SEND_FAILED when the provider fails.
     */
    async send(input: OtpTarget & { ip: string; language?: string | undefined }): Promise<SmsSentResult> {
      if (!isWellFormedNumber(input.dialingCode, input.mobile)) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid mobile number', {
          fields: [{ field: 'mobileNum', message: 'mobile number' }],
        });
      }
      const phone = formatFullNumber(input.dialingCode, input.mobile);
      // Look at the IP first without counting, so a flooding IP does not also burn the number's slot.
      const ipStatus = await rateLimiter.peek(
        'otp-send-ip',
        input.ip,
        OTP_LIMITS.sendPerIp.limit,
        OTP_LIMITS.sendPerIp.windowSeconds,
      );
      if (ipStatus.limited) {
        throw new AppError(ErrorCode.TOO_MANY_REQUESTS, 'Too many codes requested from this address', {
          retryAfterSeconds: ipStatus.retryAfterSeconds,
        });
      }
      await rateLimiter.consume(
        'otp-send-number',
        phone,
        OTP_LIMITS.sendPerNumber.limit,
        OTP_LIMITS.sendPerNumber.windowSeconds,
      );
      await rateLimiter.consume(
        'otp-send-number-hourly',
        phone,
        OTP_LIMITS.sendPerNumberHourly.limit,
        OTP_LIMITS.sendPerNumberHourly.windowSeconds,
      );
      await rateLimiter.consume(
        'otp-send-ip',
        input.ip,
        OTP_LIMITS.sendPerIp.limit,
        OTP_LIMITS.sendPerIp.windowSeconds,
      );

      const { code, salt } = newOneTimeCode();
      const createdAt = new Date(now());
      const expiresAt = new Date(createdAt.getTime() + OTP_TTL_MS);
      await upsertOtp(db, {
        purpose: input.purpose,
        phone,
        codeSalt: salt,
        codeHash: hashCode(salt, input.purpose, phone, code),
        createdAt,
        expiresAt,
      });
      if (crypto.randomInt(PRUNE_EVERY) === 0) {
        pruneOtps(db, new Date(createdAt.getTime() - PRUNE_AGE_MS)).catch((err: unknown) =>
          log.warn({ err }, 'otp prune failed'),
        );
      }
      await notifier.sendSms(phone, otpSms(code, noticeLanguage(input.language)));
      return { expiredMinutes: OTP_TTL_MINUTES, expirationTime: expiresAt.getTime() };
    },

    /**
     * Check a code and consume it on success; of parallel checks of one code only one succeeds.
     * Throws SMS_CODE_INVALID (value { attemptsLeft } on a wrong code), SMS_CODE_EXPIRED, or
     * TOO_MANY_REQUESTS when the number (or the IP, when given) checks too often.
     */
    async verify(input: OtpTarget & { code: string; ip?: string }): Promise<void> {
      // Callers may pass free text (SMS login sends the number as `username`); no code exists for it.
      if (!isWellFormedNumber(input.dialingCode, input.mobile)) {
        throw new AppError(ErrorCode.SMS_CODE_INVALID, 'Invalid verification code');
      }
      const phone = formatFullNumber(input.dialingCode, input.mobile);
      await rateLimiter.consume(
        'otp-check-number',
        `${input.purpose}:${phone}`,
        OTP_LIMITS.checkPerNumber.limit,
        OTP_LIMITS.checkPerNumber.windowSeconds,
      );
      if (input.ip) {
        await rateLimiter.consume(
          'otp-check-ip',
          input.ip,
          OTP_LIMITS.checkPerIp.limit,
          OTP_LIMITS.checkPerIp.windowSeconds,
        );
      }

      const at = new Date(now());
      const row = await findOtp(db, input.purpose, phone);
      if (!row || row.consumedAt !== null || row.attempts >= OTP_MAX_ATTEMPTS) {
        throw new AppError(ErrorCode.SMS_CODE_INVALID, 'Invalid verification code');
      }
      if (row.expiresAt.getTime() <= at.getTime()) {
        throw new AppError(ErrorCode.SMS_CODE_EXPIRED, 'The verification code has expired; request a new one');
      }
      const given = hashCode(row.codeSalt, input.purpose, phone, input.code.trim());
      if (sameCodeHash(given, row.codeHash)) {
        const consumed = await consumeOtp(db, {
          id: row.id,
          codeHash: row.codeHash,
          maxAttempts: OTP_MAX_ATTEMPTS,
          now: at,
        });
        if (consumed) return;
        // Someone else consumed or replaced it between our read and our update.
        throw new AppError(ErrorCode.SMS_CODE_INVALID, 'Invalid verification code');
      }
      const attempts = await recordOtpFailure(db, {
        id: row.id,
        codeHash: row.codeHash,
        maxAttempts: OTP_MAX_ATTEMPTS,
        now: at,
      });
      const attemptsLeft = Math.max(0, OTP_MAX_ATTEMPTS - (attempts ?? OTP_MAX_ATTEMPTS));
      throw new AppError(ErrorCode.SMS_CODE_INVALID, 'Invalid verification code', { attemptsLeft });
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
