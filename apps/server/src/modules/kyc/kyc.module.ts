import type { JurisdictionProfile } from '@wps/shared/jurisdiction';
import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { AuditService } from '../audit/audit.service';
import { createDepositMemberViews } from '../deposit/deposit-member-views';
import { setVerifiedName } from '../identity/identity-verified-name';
import { findRegisteredIdentity } from '../identity/identity-directory';
import type { LicenceService } from '../licence/licence.service';
import { bindVerifiedPayeeName } from '../member/member-security-columns';
import type { MemberService } from '../member/member.service';
import type { SessionService } from '../session/session.service';
import type { SystemService } from '../system/system.service';
import { loadKycSettings } from './kyc-settings';
import { createKycTiers } from './kyc-tiers';
import { createKycService } from './kyc.service';
import { createSandboxKyc } from './sandbox-kyc';

/**
 * Identity checks (KYC) through a provider, the sandbox outside production (docs/compliance.md,
 * "KYC"), and the identity tiers: the unverified deposit cap rides on the deposit limits' guard; a
 * face check due at login restricts play, deposits and withdrawals.
 */
export function wireKyc(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    changeFeed: ChangeFeed;
    system: SystemService;
    licence: LicenceService;
    jurisdiction: () => Promise<JurisdictionProfile>;
    session: SessionService;
    member: Pick<MemberService, 'findAccountNames'>;
  },
) {
  const { audit, licence, system, session, member, jurisdiction } = deps;
  const depositViews = createDepositMemberViews(ctx);
  const tiers = createKycTiers({
    db: ctx.db,
    audit,
    jurisdiction,
    jurisdictionIn: (trx) => licence.policy.profile(trx),
    brand: () => system.getBrand(),
    depositsUsed: (memberId) => depositViews.depositsHeld(memberId, new Date()),
    endSessions: async (trx, memberId) => void (await session.revokeOthers(memberId, undefined, trx, 'operator')),
    now: ctx.calendarClock ?? Date.now,
    changeFeed: deps.changeFeed,
  });
  const settings = loadKycSettings();
  const sandbox = createSandboxKyc({ db: ctx.db, secret: settings.sandboxSecret });
  const service = createKycService({
    db: ctx.db,
    audit,
    jurisdiction,
    jurisdictionIn: (trx) => licence.policy.profile(trx),
    // The check is bound to the CPF and date of birth the member registered (docs/compliance.md, "KYC").
    registeredIdentity: findRegisteredIdentity,
    providers: settings.isSandboxEnabled ? { sandbox: sandbox.provider } : {},
    active: settings.isSandboxEnabled ? 'sandbox' : null,
    accountNames: (ids) => member.findAccountNames(ids),
    // The name read from the document becomes the identity's, and the payee name (replacing a
    // typed one only for a player the licence identifies).
    onVerified: async (trx, memberId, fullName) => {
      if (!fullName) return;
      const identified = await setVerifiedName(trx, memberId, fullName);
      await bindVerifiedPayeeName(trx, memberId, fullName, identified);
    },
    tiers,
    now: Date.now,
  });
  return { sandbox, isSandboxEnabled: settings.isSandboxEnabled, tiers, service };
}

export type KycModule = ReturnType<typeof wireKyc>;
