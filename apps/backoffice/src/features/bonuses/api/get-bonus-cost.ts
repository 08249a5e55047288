import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BonusCostReport } from '@wps/shared/schemas/bonus';
import { opsRequest } from '../../../lib/api-client';

/** GET /ops/reports/bonus-cost (bonuses.read): granted, converted, forfeited, expired and cancelled by day and source. */
export function fetchBonusCost(q: { from: string; to: string; tz: string }): Promise<BonusCostReport> {
  return opsRequest<BonusCostReport>(`/ops/reports/bonus-cost?${new URLSearchParams(q).toString()}`);
}

export function useBonusCost(q: { from: string; to: string; tz: string }) {
  return useQuery(
    queryOptions({
      queryKey: ['ops', 'bonus-cost', q.from, q.to, q.tz],
      queryFn: () => fetchBonusCost(q),
      placeholderData: keepPreviousData,
    }),
  );
}
