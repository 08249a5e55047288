import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BonusGrantRequest } from '@wps/shared/schemas/bonus';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { bonusListKey } from './list-bonuses';

/** The bonuses waiting for a second operator: a decision refetches them and the bonus list. */
export const bonusRequestsKey = ['ops', 'bonus-requests'] as const;

/** GET /ops/bonuses/requests?status=waiting (bonuses.read): newest first, a short list. */
export async function fetchWaitingBonusRequests(): Promise<BonusGrantRequest[]> {
  return (await opsRequest<{ list: BonusGrantRequest[] }>('/ops/bonuses/requests?status=waiting')).list;
}

export function waitingBonusRequestsQuery() {
  return queryOptions({ queryKey: bonusRequestsKey, queryFn: fetchWaitingBonusRequests });
}

export function useWaitingBonusRequests() {
  return useQuery(waitingBonusRequestsQuery());
}

export type DecideBonusRequestInput = { id: string; decision: 'approve' | 'reject'; reason: string };

/**
 * POST /ops/bonuses/requests/:id/approve | reject (adjustments.approve), never the asker's own:
 * an approval pays the bonus now, a rejection pays nothing; both audited with the reason.
 */
export function decideBonusRequest({ id, decision, reason }: DecideBonusRequestInput): Promise<BonusGrantRequest> {
  return opsRequest<BonusGrantRequest>(`/ops/bonuses/requests/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    body: { reason },
  });
}

export function useDecideBonusRequest(successText: (done: BonusGrantRequest) => string) {
  return useOpsMutation({
    mutationFn: decideBonusRequest,
    invalidates: [bonusRequestsKey, bonusListKey],
    successText,
  });
}
