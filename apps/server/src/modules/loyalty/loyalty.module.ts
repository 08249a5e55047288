import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicenceService } from '../licence/licence.service';
import type { MemberService } from '../member/member.service';
import type { OperatorMoneyService } from '../operator-money/operator-money.service';
import type { RewardEventStream } from '../rewards/reward-events';
import type { RewardsService } from '../rewards/rewards.service';
import type { SecurityService } from '../security/security.service';
import type { SystemService } from '../system/system.service';
import { createLoyaltyService } from './loyalty.service';

/**
 * Points and VIP: a consumer of the player events, the 'points' payer of grants, VIP bonuses as
 * grants; the engine's rules read the players' VIP levels from it.
 */
export function wireLoyalty(
  ctx: AppContext,
  deps: {
    changeFeed: ChangeFeed;
    licence: LicenceService;
    system: SystemService;
    ledger: LedgerService;
    security: SecurityService;
    audit: AuditService;
    catalogue: CatalogueService;
    member: MemberService;
    rewardEvents: RewardEventStream;
    rewards: RewardsService;
    operatorMoney: OperatorMoneyService;
  },
) {
  const { licence, rewards } = deps;
  const loyalty = createLoyaltyService({
    ...ctx,
    changeFeed: deps.changeFeed,
    licenceProfile: (db) => licence.policy.profile(db),
    licence: licence.policy,
    system: deps.system,
    ledger: deps.ledger,
    security: deps.security,
    audit: deps.audit,
    catalogue: deps.catalogue,
    member: deps.member,
    events: deps.rewardEvents,
    rewards,
    setups: deps.operatorMoney.setups,
  });
  rewards.setFacts({ vipLevels: loyalty.vip.findRanks });
  return loyalty;
}
