import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsBonus } from '@wps/shared/schemas/bonus';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { opsRequest } from '../../../lib/api-client';

export type OpsBonusPage = OpsPage<OpsBonus> & { currency: string; scale: number };

/** Every page of the bonus list: a grant or a cancel refetches them all. */
export const bonusListKey = ['ops', 'bonuses'] as const;

/** GET /ops/bonuses with the list's page and filters (bonuses.read). */
export function fetchBonuses(query: URLSearchParams): Promise<OpsBonusPage> {
  return opsRequest<OpsBonusPage>(`/ops/bonuses?${query.toString()}`);
}

export function bonusListQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...bonusListKey, search],
    queryFn: () => fetchBonuses(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

/** One page of players' bonuses; the previous page stays on screen while the next one loads. */
export function useBonusList(query: URLSearchParams) {
  return useQuery(bonusListQuery(query));
}
