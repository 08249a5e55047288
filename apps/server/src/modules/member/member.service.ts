import { createCredentials } from './member-credentials';
import { createLogin } from './member-login';
import { createExternalLogin } from './member-external-login';
import { createMemberCore } from './member-core';
import { createMemberDirectory } from './member-directory';
import { createDownlineAccounts } from './member-downline';
import type { MemberContext } from './member-helpers';
import { createPasswords } from './member-password';
import { createProfile } from './member-profile';
import { createRegistration } from './member-registration';

export { MEMBER_LIMITS, type FieldFailure, type RequestOrigin } from './member-helpers';

/**
 * Player accounts, one file per use case over a shared core: registration (username and mobile,
 * member-registration.ts), login (password, SMS and free play, member-login.ts), passwords
 * (change, forgot by e-mail, reset by phone, member-password.ts) and the profile (info, avatar,
 * language, affiliate check, member-profile.ts), and what other modules read of a member
 * (member-directory.ts).
 */
export function createMemberService(ctx: MemberContext) {
  const core = createMemberCore(ctx);
  const login = createLogin(core);
  return {
    ...createRegistration(core),
    ...login,
    ...createExternalLogin(core),
    ...createPasswords(core),
    ...createCredentials(core),
    ...createProfile(core),
    ...createMemberDirectory(ctx),
    ...createDownlineAccounts(core),
    /** The identity module's checks at registration and login (services.ts wires them; docs/compliance.md). */
    useIdentity: core.useIdentity,
    /** What a password change or reset also undoes in its transaction (services.ts wires the oidc module's links). */
    usePasswordChangeEffect: core.usePasswordChangeEffect,
    latePorts: login.latePorts,
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
