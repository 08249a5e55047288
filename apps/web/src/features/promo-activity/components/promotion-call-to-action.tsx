import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { preselectDepositOptIn } from '../../../lib/deposit-opt-in';
import { openLoginPrompt } from '../../../lib/login-prompt';
import { useToken } from '../../../lib/session-storage';
import { useOffers } from '../api/list-offers';
import './promo-activity.css';

/**
 * A promotion's call to action, from the live rules that pay it (GET /wps/promo/offers):
 * Depositar opens the deposit page (`onDeposit`, the app's composition) with the promotion's
 * opt-in ticked when its rule needs one; a visitor is asked to sign in or register instead. A
 * promotion paid by a rule the player joins (Participar) has that button, and the visitor's
 * prompt, in its activity (PromotionActivity), so none here. Nothing when no live rule pays it.
 */
export function PromotionCallToAction({ promotionId, onDeposit }: { promotionId: string; onDeposit: () => void }) {
  const { t } = useTranslation('promo');
  const token = useToken();
  const offer = useOffers().data?.find((o) => o.promotionId === promotionId);
  // Participar (a join) is the activity's own button, with its own prompt for a visitor.
  if (offer?.action !== 'deposit') return null;
  if (!token)
    return (
      <div className="promotion-cta">
        <Button size="sm" onClick={() => openLoginPrompt('login')}>
          {t('cta.login')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => openLoginPrompt('register')}>
          {t('cta.register')}
        </Button>
      </div>
    );
  return (
    <div className="promotion-cta">
      <Button
        size="sm"
        variant="money"
        onClick={() => {
          preselectDepositOptIn(offer.optIn ? promotionId : null);
          onDeposit();
        }}
      >
        {t('cta.deposit')}
      </Button>
      {offer.optIn && <p className="promotion-cta__hint">{t('cta.optInHint')}</p>}
    </div>
  );
}
