import { isTrialType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import { AppError } from '../../http/app-error';
import { createLoginThrottle } from './login-throttle';
import type { MemberCore } from './member-core';
import type { RequestOrigin } from './member-helpers';
import { findCredentialsByAccount, findCredentialsById } from './member.repository';

/**
 * What sign-in with an identity provider (the oidc module) asks of player accounts: a session for
 * a member whose linked identity the provider vouched for, and proof of an account's password
 * before an identity is linked to it. Trial accounts take part in neither.
 */
export function createExternalLogin(core: MemberCore) {
  const { db, hasher, now } = core;
  const throttle = createLoginThrottle(core.ctx.rateLimiter, now);

  return {
    /** A session for a linked member: the same path as a password login after its check (status, identity gate, login record). */
    async loginLinkedMember(memberId: string, origin: RequestOrigin): Promise<LoginResult> {
      const row = await findCredentialsById(db, memberId);
      if (!row || isTrialType(row.type))
        throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'This account cannot sign in here');
      const age = await core.passwordAge(row);
      return core.startSession(row, origin, {
        mustChangePassword: row.mustChangePassword || age.forceChange,
        passwordExpired: age.expired,
      });
    },

    /**
     * The member id of `username` when `password` is its password. Counted by the password
     * login's throttle (per account, IP and pair), so linking is no side door for guessing.
     */
    async provePassword(username: string, password: string, origin: RequestOrigin): Promise<string> {
      const account = username.trim().toLowerCase();
      const { captcha } = await throttle.admit(account, origin.ip);
      // The link form has no captcha: past that many failures the player signs in with the password form first.
      if (captcha)
        throw new AppError(ErrorCode.CAPTCHA_REQUIRED, 'Too many failed attempts; sign in with your password first', {
          captcha: true,
        });
      const row = await findCredentialsByAccount(db, account);
      const valid = row ? await hasher.verify(password, row.passwordHash) : await hasher.verifyDummy(password);
      if (!row || !valid || isTrialType(row.type)) {
        await throttle.failed(account, origin.ip);
        throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Incorrect username or password', { captcha: false });
      }
      if (row.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED, 'This account is disabled');
      await throttle.succeeded(account, origin.ip);
      return row.id;
    },
  };
}
