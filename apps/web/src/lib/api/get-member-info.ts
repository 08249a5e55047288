import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberInfo } from '@wps/shared/schemas/member';
import { isAgentType, isTrialType } from '@wps/shared/constants';
import { apiRequest } from '../api-client';
import { storeMemberSnapshot, useToken } from '../session-storage';

/** GET /wps/member/info (token). Also keeps the member's session-storage keys in step. */
export async function getMemberInfo(): Promise<MemberInfo> {
  const info = await apiRequest<MemberInfo>('/wps/member/info');
  storeMemberSnapshot(info);
  return info;
}

/** Keyed by token so a login, logout or token swap fetches the right member. */
export function memberInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'info', token],
    queryFn: getMemberInfo,
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/** The logged-in member, with its account-type role flags. */
export function useMemberInfo() {
  const token = useToken();
  const query = useQuery(memberInfoQueryOptions(token));
  const info = token ? query.data : undefined;
  return {
    ...query,
    info,
    /** A visitor becomes logged in when member info is fetched with a token. */
    isLogin: info !== undefined,
    isAgent: info !== undefined && isAgentType(info.type),
    isTrial: info !== undefined && isTrialType(info.type),
    /** The public VIP state: a club level above 0, its name and rank (from the member's clubLabel). */
    hasVip: (info?.clubLabel?.rankLevel ?? 0) > 0,
    vipLabelName: info?.clubLabel?.labelName ?? null,
    vipRankLevel: info?.clubLabel?.rankLevel ?? 0,
  };
}
