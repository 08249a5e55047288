import type { AppContext } from '../../app-context';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { DepositService } from '../deposit/deposit.service';
import type { GatewayService } from '../gateway/gateway.service';
import type { InhouseService } from '../inhouse/inhouse.service';
import type { LoyaltyService } from '../loyalty/loyalty.service';
import type { MissionsService } from '../missions/missions.service';
import type { RaffleService } from '../promo/raffle.service';
import type { RewardsService } from '../rewards/rewards.service';
import type { SystemService } from '../system/system.service';
import type { WithdrawalService } from '../withdrawal/withdrawal.service';
import { createReportingService } from './reporting.service';

/** The back office's reports and badges: built after the modules whose queues the badges count. */
export function wireReporting(
  ctx: AppContext,
  deps: {
    system: SystemService;
    catalogue: CatalogueService;
    deposits: DepositService;
    withdrawal: WithdrawalService;
    gateway: GatewayService;
    loyalty: LoyaltyService;
    rewards: RewardsService;
    missions: MissionsService;
    raffles: RaffleService;
    inhouse: Pick<InhouseService, 'report'>;
  },
) {
  const { loyalty, missions, raffles } = deps;
  return createReportingService({
    ...ctx,
    system: deps.system,
    catalogue: deps.catalogue,
    deposits: deps.deposits,
    withdrawal: deps.withdrawal,
    gateway: deps.gateway,
    inhouse: deps.inhouse.report,
    waiting: {
      redemptions: loyalty.ops.countWaitingRedemptions,
      heldRewards: deps.rewards.grants.countHeld,
      setupApprovals: async () => {
        const counts = await Promise.all([
          missions.countAwaiting(),
          loyalty.ops.countAwaitingItems(),
          raffles.countAwaiting(),
        ]);
        return counts.reduce((a, b) => a + b, 0);
      },
    },
  });
}
