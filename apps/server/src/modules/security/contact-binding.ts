import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { EmailCodeSent } from '@wps/shared/schemas/security';
import type { SmsSentResult } from '@wps/shared/schemas/verification';
import { emailBindCodeMail, emailBindNoticeMail, noticeLanguage } from '../verification/notice-texts';
import { CHANGE_CHANNELS } from '../../db/change-feed';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { isMobileUsedElsewhere, setMobileOnce } from '../member/member-security-columns';
import { findUniqueViolation } from '../../db/unique-violation';
import { createPhoneNormaliser } from '../member/phone-numbers';
import { FALLBACK_RULES, checkField, sameHash, type SecurityContext, type SecurityOrigin } from './security-helpers';
import {
  confirmEmailLink,
  consumeEmailCode,
  findEmailCode,
  findSecurityMember,
  isEmailLinkedElsewhere,
  lockKey,
  recordEmailCodeFailure,
  upsertEmailCode,
  type SecurityMemberRow,
} from './security.repository';

/**
 * Told, in the link's transaction, that a member confirmed a contact by a code (the identity
 * module settles a licence's pending contact confirmation: docs/compliance.md, "Registration").
 */
export type ContactConfirmedPort = (trx: Kysely<Database>, memberId: string, by: 'email' | 'sms') => Promise<unknown>;

/** Limits on the bind calls (limit per window in seconds). */
export const BIND_LIMITS = {
  emailSendPerMember: { limit: 1, windowSeconds: 60 },
  emailSendPerMemberHourly: { limit: 10, windowSeconds: 60 * 60 },
  emailSendPerAddress: { limit: 5, windowSeconds: 60 * 60 },
  emailSendPerIp: { limit: 20, windowSeconds: 60 * 60 },
  emailCheckPerMember: { limit: 10, windowSeconds: 10 * 60 },
  /** On top of the SMS code's own per-number and per-IP limits. */
  smsSendPerMemberHourly: { limit: 10, windowSeconds: 60 * 60 },
} as const;

const EMAIL_CODE_TTL_MS = OTP_TTL_MINUTES * 60 * 1000;

/** HMAC keyed by a per-code salt over purpose, member, address and code. */
function hashEmailCode(salt: string, memberId: string, email: string, code: string): string {
  return crypto.createHmac('sha256', salt).update(`bind\u0000${memberId}\u0000${email}\u0000${code}`).digest('hex');
}

/**
 * Linking an e-mail address or a mobile number to the account (confirmed by a code, then fixed).
 * No account enumeration: the send calls spend their rate limits first and answer a
 * taken address or number exactly as a free one. Only whoever receives the code can learn, at the
 * confirming step, that it belongs to another account.
 */
export function createContactBinding(ctx: SecurityContext, confirmed: () => ContactConfirmedPort | undefined) {
  const { db, system, otp, rateLimiter, notifier } = ctx;
  const now = ctx.now ?? Date.now;
  const phones = createPhoneNormaliser(system);

  async function loadMember(memberId: string): Promise<SecurityMemberRow> {
    const row = await findSecurityMember(db, memberId);
    if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'You are not logged in');
    return row;
  }

  return {
    /** POST /wps/verification/email/bind: mail a six-digit code to the address to link. */
    async sendEmailBindCode(memberId: string, rawEmail: string, origin: SecurityOrigin): Promise<EmailCodeSent> {
      const email = rawEmail.trim();
      checkField('email', (await system.getRegisterSettings()).validate.email ?? FALLBACK_RULES.email, email);
      const row = await loadMember(memberId);
      if (row.emailVerifiedAt)
        throw new AppError(ErrorCode.EMAIL_ALREADY_BOUND, 'The e-mail is already linked and cannot be changed');
      const address = email.toLowerCase();
      const l = BIND_LIMITS;
      await rateLimiter.consume(
        'email-bind-send-ip',
        origin.ip,
        l.emailSendPerIp.limit,
        l.emailSendPerIp.windowSeconds,
      );
      await rateLimiter.consume(
        'email-bind-send-member',
        memberId,
        l.emailSendPerMember.limit,
        l.emailSendPerMember.windowSeconds,
      );
      await rateLimiter.consume(
        'email-bind-send-member-hourly',
        memberId,
        l.emailSendPerMemberHourly.limit,
        l.emailSendPerMemberHourly.windowSeconds,
      );
      await rateLimiter.consume(
        'email-bind-send-address',
        address,
        l.emailSendPerAddress.limit,
        l.emailSendPerAddress.windowSeconds,
      );

      const createdAt = new Date(now());
      const expiresAt = new Date(createdAt.getTime() + EMAIL_CODE_TTL_MS);
      const answer = { expiredMinutes: OTP_TTL_MINUTES, expirationTime: expiresAt.getTime() };
      if (await isEmailLinkedElsewhere(db, memberId, address)) {
        // No code: the address's owner is told instead, and the caller sees the usual answer.
        const notice = emailBindNoticeMail(noticeLanguage(origin.language));
        await notifier.sendEmail(email, notice.subject, notice.text);
        return answer;
      }
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = crypto.randomBytes(16).toString('hex');
      await upsertEmailCode(db, {
        memberId,
        email: address,
        codeSalt: salt,
        codeHash: hashEmailCode(salt, memberId, address, code),
        createdAt,
        expiresAt,
      });
      const mail = emailBindCodeMail(code, noticeLanguage(origin.language));
      await notifier.sendEmail(email, mail.subject, mail.text);
      return answer;
    },

    /** POST /wps/member/email: link the address with its code; a linked e-mail is final. */
    async bindEmail(memberId: string, body: { email: string; verificationCode: string }): Promise<void> {
      const row = await loadMember(memberId);
      if (row.emailVerifiedAt)
        throw new AppError(ErrorCode.EMAIL_ALREADY_BOUND, 'The e-mail is already linked and cannot be changed');
      const l = BIND_LIMITS.emailCheckPerMember;
      await rateLimiter.consume('email-bind-check-member', memberId, l.limit, l.windowSeconds);
      const email = body.email.trim();
      const address = email.toLowerCase();
      const at = new Date(now());
      const code = await findEmailCode(db, memberId);
      if (!code || code.consumedAt !== null || code.attempts >= OTP_MAX_ATTEMPTS || code.email !== address) {
        throw new AppError(ErrorCode.EMAIL_CODE_INVALID, 'Invalid verification code');
      }
      if (code.expiresAt.getTime() <= at.getTime()) {
        throw new AppError(ErrorCode.EMAIL_CODE_EXPIRED, 'The verification code has expired; request a new one');
      }
      const given = hashEmailCode(code.codeSalt, memberId, address, body.verificationCode.trim());
      if (!sameHash(given, code.codeHash)) {
        const attempts = await recordEmailCodeFailure(db, { id: code.id, codeHash: code.codeHash });
        const attemptsLeft = Math.max(0, OTP_MAX_ATTEMPTS - (attempts ?? OTP_MAX_ATTEMPTS));
        throw new AppError(ErrorCode.EMAIL_CODE_INVALID, 'Invalid verification code', { attemptsLeft });
      }
      if (
        !(await consumeEmailCode(db, { id: code.id, codeHash: code.codeHash, maxAttempts: OTP_MAX_ATTEMPTS, now: at }))
      ) {
        throw new AppError(ErrorCode.EMAIL_CODE_INVALID, 'Invalid verification code');
      }
      await db.transaction().execute(async (trx) => {
        // One address, one confirmed account: links of the same address queue here.
        await lockKey(trx, `email-link:${address}`);
        if (await isEmailLinkedElsewhere(trx, memberId, address)) {
          throw new AppError(ErrorCode.EMAIL_TAKEN, 'This e-mail is linked to another account');
        }
        if (!(await confirmEmailLink(trx, memberId, email, at))) {
          throw new AppError(ErrorCode.EMAIL_ALREADY_BOUND, 'The e-mail is already linked and cannot be changed');
        }
        // A contact confirmed by its code: a licence's pending confirmation is settled with the link.
        await confirmed()?.(trx, memberId, 'email');
      });
      ctx.changeFeed?.announce(CHANGE_CHANNELS.memberChange, memberId);
    },

    /**
     * POST /wps/verification/sms/bind: text a code (purpose 'bind') to the number to link. A
     * number another account holds gets its code too: the same limits, the same answer, and the
     * confirming step refuses it (MOBILE_TAKEN) only to whoever holds that phone.
     */
    async sendMobileBindCode(
      memberId: string,
      body: { countryDialingCode: string; mobileNum: string },
      origin: SecurityOrigin,
    ): Promise<SmsSentResult> {
      const row = await loadMember(memberId);
      if (row.mobile !== null)
        throw new AppError(ErrorCode.MOBILE_ALREADY_BOUND, 'The mobile number is already linked and cannot be changed');
      const phone = await phones.normalise(body.countryDialingCode, body.mobileNum);
      const l = BIND_LIMITS.smsSendPerMemberHourly;
      await rateLimiter.consume('sms-bind-send-member-hourly', memberId, l.limit, l.windowSeconds);
      return otp.send({
        purpose: 'bind',
        dialingCode: phone.dialingCode,
        mobile: phone.nationalNumber,
        ip: origin.ip,
        language: origin.language,
      });
    },

    /** POST /wps/member/mobile: link the number with its code; a linked number is final. */
    async bindMobile(
      memberId: string,
      body: { countryDialingCode: string; mobileNum: string; verificationCode: string },
      origin: SecurityOrigin,
    ): Promise<void> {
      const row = await loadMember(memberId);
      if (row.mobile !== null)
        throw new AppError(ErrorCode.MOBILE_ALREADY_BOUND, 'The mobile number is already linked and cannot be changed');
      const phone = await phones.normalise(body.countryDialingCode, body.mobileNum);
      await otp.verify({
        purpose: 'bind',
        dialingCode: phone.dialingCode,
        mobile: phone.nationalNumber,
        code: body.verificationCode,
        ip: origin.ip,
      });
      const taken = () => new AppError(ErrorCode.MOBILE_TAKEN, 'This mobile number is used by another account');
      if (await isMobileUsedElsewhere(db, memberId, phone.e164)) throw taken();
      try {
        await runInTransaction(db, async (trx) => {
          if (!(await setMobileOnce(trx, memberId, phone.dialingCode, phone.nationalNumber))) {
            throw new AppError(
              ErrorCode.MOBILE_ALREADY_BOUND,
              'The mobile number is already linked and cannot be changed',
            );
          }
          // As for the e-mail: the number confirmed by its code settles a pending confirmation.
          await confirmed()?.(trx, memberId, 'sms');
        });
      } catch (err) {
        if (findUniqueViolation(err) === 'members_mobile_key') throw taken();
        throw err;
      }
      ctx.changeFeed?.announce(CHANGE_CHANNELS.memberChange, memberId);
    },
  };
}
