import type { OperatorMoneyService } from '../operator-money/operator-money.service';
import type { RewardEventStream } from '../rewards/reward-events';
import type { rewardInputsOf } from '../rewards/rewards.module';
import { createRebateService } from './rebate.service';

/** The rebate: counters kept by its own consumer of the event stream, paid as the engine's cash grants. */
export function wireRebate(deps: {
  rewardInputs: ReturnType<typeof rewardInputsOf>;
  rewardEvents: RewardEventStream;
  operatorMoney: OperatorMoneyService;
}) {
  const rebate = createRebateService({ ...deps.rewardInputs, setups: deps.operatorMoney.setups });
  deps.rewardEvents.subscribe(rebate.subscriber());
  return rebate;
}
