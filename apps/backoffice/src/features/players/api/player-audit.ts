import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPageSchema } from '@wps/shared/schemas/operator';
import { opsRequest } from '../../../lib/api-client';
import { playerKey } from './keyset-list';

/** GET /ops/players/:memberId/audit: the audit entries about this player, newest first. */
export const playerAuditQuery = (memberId: string, page: number) =>
  queryOptions({
    queryKey: [...playerKey(memberId), 'audit', page],
    queryFn: () =>
      opsRequest<z.infer<typeof auditPageSchema>>(
        `/ops/players/${encodeURIComponent(memberId)}/audit?page=${page}&pageSize=20`,
      ),
    placeholderData: keepPreviousData,
  });

export function usePlayerAudit(memberId: string, page: number) {
  return useQuery(playerAuditQuery(memberId, page));
}
