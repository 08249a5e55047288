import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositChannel } from '@wps/shared/schemas/deposit';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/deposit/channels (token): enabled channels with limits and fee. */
export function listDepositChannels(): Promise<DepositChannel[]> {
  return apiRequest<DepositChannel[]>('/wps/deposit/channels');
}

/** Under ['member'], so logout forgets it. */
export function depositChannelsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'deposit', 'channels', token],
    queryFn: listDepositChannels,
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/** The deposit channels the player may use. */
export function useDepositChannels() {
  return useQuery(depositChannelsQueryOptions(useToken()));
}
