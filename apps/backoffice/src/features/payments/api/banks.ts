import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsBankListItem } from '@wps/shared/schemas/banks';
import { opsRequest } from '../../../lib/api-client';
import { paymentsKey } from './deposit-channels';

/** Under the payments screen's key, beside the channels: a bank change makes only this list stale. */
export const banksKey = [...paymentsKey, 'banks'] as const;

/** GET /ops/banks (payments.read): every bank, disabled ones too, in the players' order, with its bound accounts. */
export function fetchBanks(): Promise<OpsBankListItem[]> {
  return opsRequest<OpsBankListItem[]>('/ops/banks');
}

export const banksQuery = queryOptions({ queryKey: banksKey, queryFn: fetchBanks });

export function useBanks() {
  return useQuery(banksQuery);
}
