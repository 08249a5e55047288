import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PointsMovementList } from '@wps/shared/schemas/points';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export const MOVEMENTS_PAGE_SIZE = 10;

/** POST /wps/relay/ODSFE2_MemTransDet (token): the member's points movements, newest first. */
export function getPointsMovements(page: number): Promise<PointsMovementList> {
  return apiRequest<PointsMovementList>('/wps/relay/ODSFE2_MemTransDet', {
    method: 'POST',
    body: { page, pageSize: MOVEMENTS_PAGE_SIZE },
  });
}

/** Under ['member']: every points action adds a row. */
export function pointsMovementsQueryOptions(token: string | null, page: number) {
  return queryOptions({
    queryKey: ['member', 'points', 'movements', token, page],
    queryFn: () => getPointsMovements(page),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePointsMovements(page: number) {
  return useQuery(pointsMovementsQueryOptions(useToken(), page));
}
