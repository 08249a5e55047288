import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberLabel, MemberLabelBody } from '@wps/shared/schemas/vip';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

export const memberLabelsKey = ['ops', 'member-labels'] as const;

/** GET /ops/member-labels (loyalty.read). */
export function fetchMemberLabels(): Promise<{ list: MemberLabel[] }> {
  return opsRequest<{ list: MemberLabel[] }>('/ops/member-labels');
}

export const memberLabelsQuery = queryOptions({ queryKey: memberLabelsKey, queryFn: fetchMemberLabels });

export function useMemberLabels() {
  return useQuery(memberLabelsQuery);
}

/** PUT /ops/member-labels (loyalty.write): a new label; audited. */
export function createMemberLabel(body: MemberLabelBody): Promise<MemberLabel> {
  return opsRequest<MemberLabel>('/ops/member-labels', { method: 'PUT', body });
}

export function useCreateMemberLabel(successText: (label: MemberLabel) => string) {
  return useOpsMutation({ mutationFn: createMemberLabel, invalidates: [memberLabelsKey], successText });
}

/** DELETE /ops/member-labels/:id (loyalty.write): the label goes from every player; audited. */
export function deleteMemberLabel(id: string): Promise<boolean> {
  return opsRequest<boolean>(`/ops/member-labels/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMemberLabel(successText: string) {
  return useOpsMutation({
    mutationFn: deleteMemberLabel,
    invalidates: [memberLabelsKey],
    successText: () => successText,
  });
}
