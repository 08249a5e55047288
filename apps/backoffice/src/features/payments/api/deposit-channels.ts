import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsDepositChannel } from '@wps/shared/schemas/deposit';
import { opsRequest } from '../../../lib/api-client';

/**
 * Every query of the payments screen sits under ['ops', 'payments']; each change names the one
 * list it makes stale (a channel's save does not touch the withdrawal rules, nor the reverse).
 */
export const paymentsKey = ['ops', 'payments'] as const;
export const depositChannelsKey = [...paymentsKey, 'deposit-channels'] as const;

/** GET /ops/deposit-channels (payments.read): every channel, disabled ones too, with its receiving account. */
export function fetchDepositChannels(): Promise<OpsDepositChannel[]> {
  return opsRequest<OpsDepositChannel[]>('/ops/deposit-channels');
}

export const depositChannelsQuery = queryOptions({ queryKey: depositChannelsKey, queryFn: fetchDepositChannels });

export function useDepositChannels() {
  return useQuery(depositChannelsQuery);
}
