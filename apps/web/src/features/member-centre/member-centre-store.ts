import { useSyncExternalStore } from 'react';

/** Page keys of spec §2 "Personal (member) centre"; only registered pages are shown. */
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
  | 'manualRebate';

export const DEFAULT_MEMBER_CENTRE_PAGE: MemberCentrePageKey = 'securityCenter';

type State = { isOpen: boolean; page: MemberCentrePageKey };

let state: State = { isOpen: false, page: DEFAULT_MEMBER_CENTRE_PAGE };
const listeners = new Set<() => void>();

function setState(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Open the member-centre panel on a page (the default page when that one is not built). */
export function openMemberCentre(page: MemberCentrePageKey = DEFAULT_MEMBER_CENTRE_PAGE): void {
  setState({ isOpen: true, page });
}

/** Close the member-centre panel. */
export function closeMemberCentre(): void {
  setState({ ...state, isOpen: false });
}

/** Switch the page shown in the open panel. */
export function selectMemberCentrePage(page: MemberCentrePageKey): void {
  setState({ ...state, page });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the panel is open and which page it shows. */
export function useMemberCentre(): State {
  return useSyncExternalStore(subscribe, () => state, () => state);
}
