import { createStore, useStore } from '../../lib/create-store';

/** Page keys of the personal (member) centre; only registered pages are shown. */
export type MemberCentrePageKey =
  | 'securityCenter'
  | 'transferFund'
  | 'depositv2'
  | 'withdraw'
  | 'transferUpline'
  | 'personalHistoryCopy'
  | 'transactionHistory'
  | 'personalProfit'
  | 'bonusDetails'
  | 'rewardCenter'
  | 'referral'
  | 'missionLeaderboard'
  | 'messageV2'
  | 'manualRebate'
  | 'feedback'
  | 'playerRank';

export const DEFAULT_MEMBER_CENTRE_PAGE: MemberCentrePageKey = 'securityCenter';

type State = { isOpen: boolean; page: MemberCentrePageKey };

const memberCentre = createStore<State>({ isOpen: false, page: DEFAULT_MEMBER_CENTRE_PAGE });

/** Open the member-centre panel on a page (the default page when that one is not built). */
export function openMemberCentre(page: MemberCentrePageKey = DEFAULT_MEMBER_CENTRE_PAGE): void {
  memberCentre.set({ isOpen: true, page });
}

/** Close the member-centre panel. */
export function closeMemberCentre(): void {
  memberCentre.patch({ isOpen: false });
}

/** Switch the page shown in the open panel. */
export function selectMemberCentrePage(page: MemberCentrePageKey): void {
  memberCentre.patch({ page });
}

/** Whether the panel is open and which page it shows. */
export function useMemberCentre(): State {
  return useStore(memberCentre);
}
