import { jurisdictionRules, type JurisdictionProfile } from '@wps/shared/jurisdiction';
import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { IdentityService } from '../identity/identity.service';
import type { KycTiers } from '../kyc/kyc-tiers';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicenceService } from '../licence/licence.service';
import type { MemberService } from '../member/member.service';
import type { MessagesService } from '../messages/messages.service';
import type { ResponsibleGamingService } from '../responsible-gaming/responsible-gaming.service';
import type { SystemService } from '../system/system.service';
import type { RateLimiter } from '../verification/rate-limiter';
import { loadDepositSettings } from './deposit-settings';
import { createDepositService } from './deposit.service';

/**
 * Deposits: held to the players' limits (responsible gambling, with the unverified cap of the
 * identity tiers), asked at the licence's money.in door, paid only with the kinds of money the
 * licence allows and from the player's own CPF (docs/compliance.md, "PIX"); an order carries the
 * promotions the player opts into.
 */
export function wireDeposits(
  ctx: AppContext,
  deps: {
    system: SystemService;
    ledger: LedgerService;
    audit: AuditService;
    member: MemberService;
    messages: MessagesService;
    rateLimiter: RateLimiter;
    kycTiers: KycTiers;
    responsibleGaming: ResponsibleGamingService;
    licence: LicenceService;
    jurisdiction: () => Promise<JurisdictionProfile>;
    identity: Pick<IdentityService, 'cpfOf'>;
    /** The promotions' joins a deposit order's opt-ins make (the promo module). */
    optIn: (memberId: string, promotionIds: readonly string[]) => Promise<void>;
  },
) {
  const { jurisdiction, identity } = deps;
  return createDepositService({
    ...ctx,
    system: deps.system,
    ledger: deps.ledger,
    audit: deps.audit,
    member: deps.member,
    messages: deps.messages,
    rateLimiter: deps.rateLimiter,
    settings: loadDepositSettings(),
    limits: deps.kycTiers.withDepositCap(deps.responsibleGaming.guards.deposits),
    // A player's deposit order asks the licence's money.in door.
    licence: deps.licence.policy,
    ownership: {
      rules: async () => jurisdictionRules(await jurisdiction()),
      cpfOf: (memberId) => identity.cpfOf(ctx.db, memberId),
    },
    optIn: deps.optIn,
  });
}
