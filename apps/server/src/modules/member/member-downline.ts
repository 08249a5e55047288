import { ErrorCode } from '@wps/shared/error-codes';
import type { CentreRegisterBody, CentreRegisterResult } from '@wps/shared/schemas/agent-centre';
import { validateField } from '@wps/shared/validation-patterns';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertWithUniqueRetry, VALUE_TAKEN } from '../../db/unique-violation';
import { AppError } from '../../http/app-error';
import { insertAffiliateCode, setAffiliateCodeEnabled } from './affiliate-codes.repository';
import type { MemberCore } from './member-core';
import { failFields, randomInviteCode } from './member-helpers';
import { isAccountTaken } from './member.repository';

const CODE_ATTEMPTS = 5;

/** How many downlines an agent may create through the register centre per hour. */
export const CENTRE_REGISTER_LIMIT = { limit: 60, windowSeconds: 60 * 60 };

/** Accounts an agent creates for its team: the register centre, and the codes of its invitation links. */
export function createDownlineAccounts(core: MemberCore) {
  const { db, hasher } = core;
  const { system, rateLimiter } = core.ctx;

  return {
    /**
     * POST /wps/agent/centre/register: a direct downline (member or agent) with a first password
     * the agent chose. The account must change it at its first login (login answers
     * mustChangePassword, every other call PASSWORD_CHANGE_REQUIRED until it does). No
     * registration bonus: that is for players who sign up themselves.
     */
    async createDownline(agentId: string, body: CentreRegisterBody): Promise<CentreRegisterResult> {
      const settings = await system.getRegisterSettings();
      const usernameError = validateField(settings.validate.username, body.username, { required: true });
      if (usernameError) failFields([{ field: 'username', ...usernameError }]);
      const password = core.checkNewPassword(
        settings,
        'password',
        body.password,
        'confirmPassword',
        body.confirmPassword,
      );
      const account = body.username.trim().toLowerCase();
      if (await isAccountTaken(db, account))
        throw new AppError(ErrorCode.USERNAME_TAKEN, 'This username is already taken');
      await rateLimiter.consume(
        'centre-register',
        String(agentId),
        CENTRE_REGISTER_LIMIT.limit,
        CENTRE_REGISTER_LIMIT.windowSeconds,
      );
      const created = await core.createAccountWithoutSession({
        account,
        nickname: null,
        type: body.type,
        passwordHash: await hasher.hash(password),
        paymentPasswordHash: null,
        dialingCode: null,
        mobile: null,
        email: null,
        payeeName: null,
        qq: null,
        line: null,
        whatsapp: null,
        zalo: null,
        facebook: null,
        wechat: null,
        idNumber: null,
        language: core.pickLanguage(undefined),
        uplineId: String(agentId),
        referrerId: null,
        registerDomain: null,
        registerIp: null,
        mustChangePassword: true,
        lastLoginAt: null,
      });
      return { memberId: created.memberId, account: created.account, type: body.type, mustChangePassword: true };
    },

    /** A new random affiliate code for an agent's invitation link, inserted in the caller's transaction. */
    createLinkCode: (trx: Kysely<Database>, agentId: string): Promise<string> =>
      insertWithUniqueRetry(
        randomInviteCode,
        async (code) => ((await insertAffiliateCode(trx, code, String(agentId))) ? code : VALUE_TAKEN),
        { constraint: 'affiliate_codes_pkey', attempts: CODE_ATTEMPTS },
      ),

    /** Enable or disable an agent's link code, in the caller's transaction. */
    setLinkCodeEnabled: (trx: Kysely<Database>, agentId: string, code: string, enabled: boolean) =>
      setAffiliateCodeEnabled(trx, code, String(agentId), enabled),

    /** The agents module's links behind affiliate codes (set once at start, services.ts). */
    useAffiliateLinks: core.useLinks,
  };
}
