import { useTranslation } from 'react-i18next';
import { usePromoState } from '../api/get-promo-state';
import './promo-activity.css';

/** The count of promotions the player can join now (availablePromoCount), beside the Promotions entry; nothing at 0 or for a visitor. */
export function AvailablePromoBadge() {
  const { t } = useTranslation('promo');
  const state = usePromoState();
  const count = state.data?.availablePromoCount ?? 0;
  if (count <= 0) return null;
  return (
    <span className="available-promo-badge" data-testid="available-promo-count">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('availableCount', { count })}</span>
    </span>
  );
}
