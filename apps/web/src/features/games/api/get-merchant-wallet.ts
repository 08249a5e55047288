import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantWalletBody, MerchantWalletResult } from '@wps/shared/schemas/gateway';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** POST /wps/relay/GCS_merchantWallet (token; isSingle): the player's wallet at each transfer-wallet vendor. */
export function getMerchantWallet(body: MerchantWalletBody = {}): Promise<MerchantWalletResult> {
  return apiRequest<MerchantWalletResult>('/wps/relay/GCS_merchantWallet', { method: 'POST', body });
}

/** Query key prefix transfers invalidate. */
export const MERCHANT_WALLET_QUERY_KEY = ['member', 'merchantWallet'] as const;

export function merchantWalletQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...MERCHANT_WALLET_QUERY_KEY, token],
    queryFn: () => getMerchantWallet(),
    enabled: token !== null,
    // A pending transfer is re-checked while the page is open.
    refetchInterval: (query) => (query.state.data?.list.some((w) => w.pending) ? 5000 : false),
  });
}

/** The vendor wallets of the "my wallet" page. */
export function useMerchantWallet() {
  return useQuery(merchantWalletQueryOptions(useToken()));
}

/** One transfer-wallet vendor's wallet (the list is empty for any other vendor: seamless, our own games). */
export function vendorWalletQueryOptions(token: string | null, vassalage: string) {
  return queryOptions({
    queryKey: [...MERCHANT_WALLET_QUERY_KEY, token, 'single', vassalage],
    queryFn: () => getMerchantWallet({ isSingle: true, vassalage }),
    enabled: token !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.list.some((w) => w.pending) ? 5000 : false),
  });
}

/** The wallet the /game page checks before a transfer-wallet vendor's game starts. */
export function useVendorWallet(vassalage: string) {
  return useQuery(vendorWalletQueryOptions(useToken(), vassalage));
}
