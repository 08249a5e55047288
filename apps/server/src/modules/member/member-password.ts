import crypto from 'node:crypto';
import { isTrialType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import { noticeLanguage, passwordResetMail } from '../verification/notice-texts';
import { AppError } from '../../http/app-error';
import type { SessionMember } from '../session/session.service';
import type { MemberCore } from './member-core';
import { MEMBER_LIMITS, failFields, hashKey, required, type RequestOrigin } from './member-helpers';
import {
  consumeResetToken,
  findCredentialsByAccount,
  findCredentialsById,
  findCredentialsByMobile,
  replaceResetToken,
} from './member.repository';

const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** Passwords: change, forgot by e-mail (single-use link), reset by phone. */
export function createPasswords(core: MemberCore) {
  const { db, hasher, now } = core;
  const { ctx } = core;
  const { log, system, rateLimiter, otp, notifier } = ctx;

  function buildResetLink(token: string): string {
    const base = (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
    // The token rides in the fragment: browsers never send it to a server, so it
    // stays out of access logs, proxies and Referer headers; the page posts it in the body.
    return `${base}/reset-password#token=${encodeURIComponent(token)}`;
  }

  return {
    /**
     * POST /wps/member/password: the old password is always checked; the new one follows the
     * operator's password rule, is not common, and other sessions are revoked.
     */
    async changePassword(
      auth: SessionMember,
      body: { oldPassword?: string | undefined; newPassword: string; confirmNewPassword: string },
    ): Promise<void> {
      if (!body.oldPassword) failFields([required('oldPassword')]);
      await rateLimiter.consume(
        'password-change-member',
        auth.memberId,
        MEMBER_LIMITS.passwordChangePerMember.limit,
        MEMBER_LIMITS.passwordChangePerMember.windowSeconds,
      );
      const row = await findCredentialsById(db, auth.memberId);
      if (!row || !(await hasher.verify(body.oldPassword ?? '', row.passwordHash))) {
        throw new AppError(ErrorCode.OLD_PASSWORD_INCORRECT, 'The current password is incorrect');
      }
      const settings = await system.getRegisterSettings();
      const password = core.checkNewPassword(
        settings,
        'newPassword',
        body.newPassword,
        'confirmNewPassword',
        body.confirmNewPassword,
      );
      if (password === body.oldPassword) {
        throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'The new password must differ from the current one', {
          reason: 'unchanged',
        });
      }
      await core.setPassword(auth.memberId, password, auth.sessionId);
    },

    /**
     * POST /wps/member/password/email: when the username and e-mail match an account, mail a
     * single-use reset link (30 minutes). The answer never says whether they matched.
     */
    async requestEmailReset(body: { username: string; email: string }, origin: RequestOrigin): Promise<void> {
      const account = body.username.trim().toLowerCase();
      await rateLimiter.consume(
        'forgot-ip',
        origin.ip,
        MEMBER_LIMITS.forgotPerIp.limit,
        MEMBER_LIMITS.forgotPerIp.windowSeconds,
      );
      await rateLimiter.consume(
        'forgot-account',
        account,
        MEMBER_LIMITS.forgotPerAccount.limit,
        MEMBER_LIMITS.forgotPerAccount.windowSeconds,
      );
      const row = await findCredentialsByAccount(db, account);
      const matches =
        row !== undefined &&
        row.status === 'active' &&
        !isTrialType(row.type) &&
        row.email !== null &&
        row.email.trim().toLowerCase() === body.email.trim().toLowerCase();
      if (!matches || !row?.email) return;
      const token = crypto.randomBytes(32).toString('base64url');
      const at = new Date(now());
      await replaceResetToken(db, {
        tokenHash: hashKey(token),
        memberId: row.id,
        now: at,
        expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
      });
      const link = buildResetLink(token);
      const mail = passwordResetMail(row.account, link, RESET_TOKEN_TTL_MS / 60_000, noticeLanguage(origin.language));
      // Sent in the background: the response time must not tell a match from a miss.
      notifier.sendEmail(row.email, mail.subject, mail.text).catch((err: unknown) => {
        log.warn({ err }, 'password reset e-mail failed');
      });
    },

    /** POST /wps/member/password/reset: complete an e-mail reset with its single-use token. */
    async resetWithEmailToken(
      body: { token: string; newPassword: string; confirmNewPassword: string },
      origin: RequestOrigin,
    ): Promise<void> {
      await rateLimiter.consume(
        'reset-token-ip',
        origin.ip,
        MEMBER_LIMITS.resetTokenPerIp.limit,
        MEMBER_LIMITS.resetTokenPerIp.windowSeconds,
      );
      const settings = await system.getRegisterSettings();
      const password = core.checkNewPassword(
        settings,
        'newPassword',
        body.newPassword,
        'confirmNewPassword',
        body.confirmNewPassword,
      );
      const memberId = await consumeResetToken(db, hashKey(body.token), new Date(now()));
      // Not UNAUTHORIZED: a client takes that for its own dead session and logs out whoever is there.
      if (!memberId) throw new AppError(ErrorCode.RESET_LINK_INVALID, 'This reset link is invalid or has expired');
      await core.setPassword(memberId, password, undefined);
    },

    /** POST /wps/member/password/verification: verify the reset code, set the password, log in. */
    async resetByPhone(
      body: {
        mobileNum: string;
        countryDialingCode: string;
        verificationCode: string;
        newPassword: string;
        confirmNewPassword?: string | undefined;
      },
      origin: RequestOrigin,
    ): Promise<LoginResult> {
      await core.requireModules('CHNGPASSVERIF3');
      const settings = await system.getRegisterSettings();
      const password = core.checkNewPassword(
        settings,
        'newPassword',
        body.newPassword,
        'confirmNewPassword',
        body.confirmNewPassword ?? body.newPassword,
      );
      const phone = await core.phones.normalise(body.countryDialingCode, body.mobileNum);
      await otp.verify({
        purpose: 'reset',
        dialingCode: phone.dialingCode,
        mobile: phone.nationalNumber,
        code: body.verificationCode,
        ip: origin.ip,
      });
      const row = await findCredentialsByMobile(db, phone.e164);
      if (!row || isTrialType(row.type)) {
        throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'No account uses this mobile number', { captcha: false });
      }
      if (row.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED, 'This account is disabled');
      await core.setPassword(row.id, password, undefined);
      const fresh = await findCredentialsById(db, row.id);
      if (!fresh) throw new Error('member vanished after a password reset');
      return core.startSession(fresh, origin, { mustChangePassword: false, passwordExpired: false });
    },
  };
}
