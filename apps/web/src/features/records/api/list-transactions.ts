import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountRecordPage } from '@wps/shared/schemas/account-record';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export type TransactionFilter = {
  type?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
};

/** GET /wps/member/transactions (token): the account record, newest first. */
export function listTransactions(filter: TransactionFilter): Promise<AccountRecordPage> {
  return apiRequest<AccountRecordPage>('/wps/member/transactions', { query: filter });
}

/** Keyed by the whole filter; the previous page stays on screen while the next loads. */
export function transactionsQueryOptions(token: string | null, filter: TransactionFilter) {
  return queryOptions({
    queryKey: ['member', 'transactions', token, filter],
    queryFn: () => listTransactions(filter),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** One page of the account record. */
export function useTransactions(filter: TransactionFilter) {
  return useQuery(transactionsQueryOptions(useToken(), filter));
}
