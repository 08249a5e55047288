import type { AppContext } from '../../app-context';
import type { LicenceService } from '../licence/licence.service';
import type { MemberService } from '../member/member.service';
import type { OperatorMoneyService } from '../operator-money/operator-money.service';
import type { RewardEventStream } from '../rewards/reward-events';
import type { rewardInputsOf } from '../rewards/rewards.module';
import { createMissionsService } from './missions.service';

/** Missions: counters kept by their own consumer of the event stream, rewards paid as the engine's cash grants. */
export function wireMissions(
  ctx: AppContext,
  deps: {
    rewardInputs: ReturnType<typeof rewardInputsOf>;
    rewardEvents: RewardEventStream;
    licence: LicenceService;
    member: MemberService;
    operatorMoney: OperatorMoneyService;
  },
) {
  const { licence, member } = deps;
  const missions = createMissionsService({
    ...deps.rewardInputs,
    licenceProfile: (db) => licence.policy.profile(db),
    accountNames: (ids: string[]) => member.findAccountNames(ids),
    setups: deps.operatorMoney.setups,
  });
  deps.rewardEvents.subscribe(missions.subscriber());
  return missions;
}
