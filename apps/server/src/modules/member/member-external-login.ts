import { isTrialType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import { AppError } from '../../http/app-error';
import type { MemberCore } from './member-core';
import type { RequestOrigin } from './member-helpers';
import { findCredentialsById } from './member.repository';

/**
 * What sign-in with an identity provider (the oidc module) asks of player accounts: a session for
 * a member whose linked identity the provider vouched for. Trial accounts take no part. Linking
 * asks nothing of passwords here: it is done from a session the password login opened, with its
 * new-device code (docs/decisions.md, "Linking a provider's sign-in").
 */
export function createExternalLogin(core: MemberCore) {
  const { db } = core;

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
  };
}
