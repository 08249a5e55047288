import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberLabelAssignment, MemberLabelAssignmentBody } from '@wps/shared/schemas/vip';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

export const playerLabelsKey = (memberId: string) => ['ops', 'member-labels', 'members', memberId] as const;

/** GET /ops/member-labels/members/:memberId (loyalty.read): the labels a player carries. */
export function fetchPlayerLabels(memberId: string): Promise<MemberLabelAssignment> {
  return opsRequest<MemberLabelAssignment>(`/ops/member-labels/members/${encodeURIComponent(memberId)}`);
}

export const playerLabelsQuery = (memberId: string) =>
  queryOptions({ queryKey: playerLabelsKey(memberId), queryFn: () => fetchPlayerLabels(memberId) });

export function usePlayerLabels(memberId: string) {
  return useQuery(playerLabelsQuery(memberId));
}

/** PUT /ops/member-labels/members/:memberId (loyalty.write): the player's whole set of labels, with a reason; audited. */
export function setPlayerLabels({
  memberId,
  ...body
}: MemberLabelAssignmentBody & { memberId: string }): Promise<MemberLabelAssignment> {
  return opsRequest<MemberLabelAssignment>(`/ops/member-labels/members/${encodeURIComponent(memberId)}`, {
    method: 'PUT',
    body,
  });
}

export function useSetPlayerLabels(memberId: string, successText: string) {
  return useOpsMutation({
    mutationFn: setPlayerLabels,
    invalidates: [playerLabelsKey(memberId)],
    successText: () => successText,
  });
}
