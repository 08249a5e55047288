import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MemberService } from '../member/member.service';
import type { OperatorMoneyService } from '../operator-money/operator-money.service';
import type { OperatorService } from '../operator/operator.service';
import type { RewardEventStream } from '../rewards/reward-events';
import type { RewardsService } from '../rewards/rewards.service';
import type { SystemService } from '../system/system.service';
import { createBonusOps } from './bonus-ops';
import { createBonusService } from './bonus.service';

/**
 * Bonus money: paid as the rewards engine's bonus grants, its wagering advanced by settled rounds
 * (weighted by the game's own weight or else its vendor's category in the catalogue); operators give
 * bonuses as grants.
 */
export function wireBonus(
  ctx: AppContext,
  deps: {
    ledger: LedgerService;
    system: SystemService;
    audit: AuditService;
    member: MemberService;
    operators: OperatorService;
    operatorMoney: OperatorMoneyService;
    catalogue: CatalogueService;
    rewards: RewardsService;
    rewardEvents: RewardEventStream;
  },
) {
  const { catalogue, rewards } = deps;
  const bonus = createBonusService({ db: ctx.db, log: ctx.log, ledger: deps.ledger, system: deps.system });
  deps.rewardEvents.subscribe(
    bonus.wageringConsumer(
      (vassalage, trx) => catalogue.findVendorCategory(vassalage, trx),
      (nodeIds, trx) => catalogue.findWageringWeights(nodeIds, trx),
    ),
  );
  rewards.registerSink(bonus.sink);
  const bonusOps = createBonusOps({
    db: ctx.db,
    bonus,
    audit: deps.audit,
    system: deps.system,
    member: deps.member,
    operators: deps.operators,
    issueGrant: rewards.grants.issue,
    moneyPolicy: deps.operatorMoney.policy,
  });
  return { bonus, bonusOps };
}
