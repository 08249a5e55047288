import { PromotionsPage } from '../../features/content/components/promotions-page';
import { PromotionCardActivity } from '../../features/promo-activity/components/promotion-activity';
import { promotionDetailPath } from '../../features/content/promotion-path';

/** /promotions: the content feature's cards, each with the player's activity (status and button). */
export function PromotionsRoute() {
  return (
    <PromotionsPage
      renderActivity={(id) => <PromotionCardActivity promotionId={id} detailHref={promotionDetailPath(id)} />}
    />
  );
}
