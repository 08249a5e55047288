import type { MemberService } from '../member/member.service';
import type { RewardEventStream } from '../rewards/reward-events';
import type { rewardInputsOf } from '../rewards/rewards.module';
import type { SecurityService } from '../security/security.service';
import type { SessionService } from '../session/session.service';
import { createReferralService } from './referral.service';

/**
 * Refer and earn: invited players followed on the event stream; what referrer and invitee share is
 * read through the modules that keep it.
 */
export function wireReferral(deps: {
  rewardInputs: ReturnType<typeof rewardInputsOf>;
  rewardEvents: RewardEventStream;
  member: MemberService;
  session: SessionService;
  security: SecurityService;
}) {
  const { member } = deps;
  const referral = createReferralService({
    ...deps.rewardInputs,
    events: deps.rewardEvents,
    traits: {
      members: member.findReferralTraits,
      sessions: deps.session.findClientTraits,
      bankAccounts: deps.security.findBankAccountKeys,
    },
    accountNames: (ids: string[]) => member.findAccountNames(ids),
    inviteCode: member.ensureInviteCode,
  });
  deps.rewardEvents.subscribe(referral.subscriber());
  return referral;
}
