import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsVendorTransfer } from '@wps/shared/schemas/gateway';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { opsRequest } from '../../../lib/api-client';
import { QUEUE_REFRESH_MS } from './deposits-queue';

/** Every page of the vendor-transfer queue: asking a vendor refetches them all. */
export const vendorTransfersQueueKey = ['ops', 'vendor-transfers'] as const;

/** What a settled transfer makes stale: the queue, the player's pages (balances) and the dashboard's count. */
export const VENDOR_TRANSFER_CHECK_INVALIDATES = [
  vendorTransfersQueueKey,
  ['ops', 'players'],
  ['ops', 'dashboard'],
] as const;

/** GET /ops/vendor-transfers with the queue's page, sort, status and vendor (money.read). */
export function fetchVendorTransfersQueue(query: URLSearchParams): Promise<OpsPage<OpsVendorTransfer>> {
  return opsRequest<OpsPage<OpsVendorTransfer>>(`/ops/vendor-transfers?${query.toString()}`);
}

export function vendorTransfersQueueQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...vendorTransfersQueueKey, search],
    queryFn: () => fetchVendorTransfersQueue(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** One page of the vendor-transfer queue; the previous page stays on screen while the next one loads. */
export function useVendorTransfersQueue(query: URLSearchParams) {
  return useQuery(vendorTransfersQueueQuery(query));
}
