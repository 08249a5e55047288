import type { Kysely } from 'kysely';
import { AccountType } from '@wps/shared/constants';
import type { Database } from '../../db/schema';
import { insertAffiliateCodeIfMissing, insertMemberIfMissing } from './member.repository';

/** The demo operator's agent and the affiliate code players can register with (`?affiliateCode=AGENT01`). */
export const DEMO_AGENT = { account: 'demoagent', affiliateCode: 'AGENT01' } as const;

/**
 * Create the demo agent and its affiliate code unless they exist. The agent's password hash is
 * not a valid scrypt hash, so nobody can log in as it until an operator sets a password.
 */
export async function seedDemoAgent(db: Kysely<Database>): Promise<void> {
  const at = new Date();
  const agentId = await insertMemberIfMissing(db, {
    account: DEMO_AGENT.account,
    nickname: 'Demo agent',
    type: AccountType.AGENT_1,
    passwordHash: 'locked',
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
    language: 'PT',
    uplineId: null,
    referrerId: null,
    registerDomain: null,
    registerIp: null,
    mustChangePassword: false,
    now: at,
    lastLoginAt: null,
  });
  await insertAffiliateCodeIfMissing(db, {
    code: DEMO_AGENT.affiliateCode,
    kind: 'affiliate',
    memberId: agentId,
    domain: null,
  });
}
