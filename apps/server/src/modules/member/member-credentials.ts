import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import type { MemberCore } from './member-core';
import { MEMBER_LIMITS } from './member-helpers';
import { findCredentialsById } from './member.repository';

/** A signed-in member confirming an action with their password (closing the account). */
export function createCredentials(core: MemberCore) {
  const { db, hasher } = core;
  const { rateLimiter } = core.ctx;
  return {
    /**
     * Refuse (OLD_PASSWORD_INCORRECT) unless `password` is the member's. Tries are counted like a
     * password change's, so a stolen session cannot guess its way through.
     */
    async confirmPassword(memberId: string, password: string): Promise<void> {
      const limit = MEMBER_LIMITS.passwordChangePerMember;
      await rateLimiter.consume('password-confirm-member', memberId, limit.limit, limit.windowSeconds);
      const row = await findCredentialsById(db, memberId);
      if (!row || !(await hasher.verify(password, row.passwordHash)))
        throw new AppError(ErrorCode.OLD_PASSWORD_INCORRECT, 'The password is incorrect');
    },
  };
}
