import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../components/ui/list-states';
import { translateError } from '../../lib/i18n';
import { usePromotions } from '../../features/content/api/list-promotions';
import { PromotionDetail } from '../../features/content/components/promotion-detail';
import { PromotionActivity } from '../../features/promo-activity/components/promotion-activity';
import { PromotionCallToAction } from '../../features/promo-activity/components/promotion-call-to-action';
import { openMemberCentre } from '../member-centre/member-centre-store';
import { findPromotion } from '../../features/content/promotion-view';
import { NotFoundPage } from './not-found-page';

/**
 * /promoDetail?id=: a live promotion's page; the site's 404 page for an id that is not live (never
 * published, archived or out of its period). Its call to action (Depositar opens the deposit page
 * with the promotion's opt-in ticked), the player's activity and the promotion's raffles sit in the page.
 */
export function PromoDetailRoute() {
  const { t } = useTranslation('content');
  const [params] = useSearchParams();
  const promotions = usePromotions();
  const item = findPromotion(promotions.data, params.get('id'));
  if (promotions.isSuccess && !item) return <NotFoundPage />;
  return (
    <ListStates
      isLoading={promotions.isLoading}
      errorText={promotions.isError ? translateError(promotions.error) : null}
      onRetry={() => void promotions.refetch()}
      value={item}
      isEmpty={() => false}
      labels={{ loading: t('promotions.loading'), retry: t('promotions.retry'), empty: '' }}
      rows={6}
    >
      {(promotion) => (
        <PromotionDetail item={promotion}>
          <PromotionCallToAction promotionId={promotion.id} onDeposit={() => openMemberCentre('depositv2')} />
          <PromotionActivity promotionId={promotion.id} />
        </PromotionDetail>
      )}
    </ListStates>
  );
}
