import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoSettings } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';

export const promoSettingsKey = ['ops', 'promo', 'settings'] as const;

/** GET /ops/promo/settings (promotions.write): every promotion's participation settings. */
export function fetchPromoSettings(): Promise<PromoSettings[]> {
  return opsRequest<{ list: PromoSettings[] }>('/ops/promo/settings').then((r) => r.list);
}

export function usePromoSettings() {
  return useQuery(queryOptions({ queryKey: promoSettingsKey, queryFn: fetchPromoSettings }));
}
