import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { OpsRedemption, OpsRedemptionDecision } from '@wps/shared/schemas/points';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

/** Every page of the redeem queue: a decision refetches them all. */
export const redemptionsKey = ['ops', 'points', 'redemptions'] as const;

/** GET /ops/points/redemptions with the list's page, order and status (loyalty.read). */
export function fetchRedemptions(query: URLSearchParams): Promise<OpsPage<OpsRedemption>> {
  return opsRequest<OpsPage<OpsRedemption>>(`/ops/points/redemptions?${query.toString()}`);
}

export function redemptionsQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...redemptionsKey, search],
    queryFn: () => fetchRedemptions(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

export function useRedemptions(query: URLSearchParams) {
  return useQuery(redemptionsQuery(query));
}

export type DecideRedemptionInput = OpsRedemptionDecision & { id: string };

/** POST /ops/points/redemptions/:id/decision (loyalty.fulfil): approve (fulfilled) or reject (points back); audited with the reason. */
export function decideRedemption({ id, ...body }: DecideRedemptionInput): Promise<OpsRedemption> {
  return opsRequest<OpsRedemption>(`/ops/points/redemptions/${encodeURIComponent(id)}/decision`, {
    method: 'POST',
    body,
  });
}

export function useDecideRedemption(successText: (input: DecideRedemptionInput) => string) {
  return useOpsMutation({
    mutationFn: decideRedemption,
    invalidates: [redemptionsKey],
    successText: (_r, input) => successText(input),
  });
}
