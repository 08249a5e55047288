import type { PromoSettings, PromoSettingsBody } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { promoSettingsKey } from './promo-settings';

export type SavePromoSettingsInput = { promotionId: string; body: PromoSettingsBody };

/** PUT /ops/promo/settings/:promotionId (promotions.write): create or replace; audited. */
export function savePromoSettings({ promotionId, body }: SavePromoSettingsInput): Promise<PromoSettings> {
  return opsRequest<PromoSettings>(`/ops/promo/settings/${encodeURIComponent(promotionId)}`, { method: 'PUT', body });
}

export function useSavePromoSettings(successText: (input: SavePromoSettingsInput) => string) {
  return useOpsMutation({
    mutationFn: savePromoSettings,
    invalidates: [promoSettingsKey],
    successText: (_done, input) => successText(input),
  });
}
