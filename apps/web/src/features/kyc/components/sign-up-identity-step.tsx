import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '../../../lib/money';
import { useKycStatus } from '../api/get-kyc-status';
import { IdentityCheck } from './identity-check';
import '../../../components/ui/content-page.css';
import '../kyc.css';

/**
 * The sign-up's last step under a licence that identifies players: the identity check (document,
 * selfie, liveness at the provider), or later; until it passes, deposits stop at the operator's cap
 * and withdrawals wait.
 */
export function SignUpIdentityStep() {
  const { t } = useTranslation('kyc');
  const status = useKycStatus();
  const formatMoney = useFormatMoney();
  const kyc = status.data;
  const cap = kyc?.depositCap;
  const verified = kyc?.level === 'verified';
  return (
    <div className="content-page" data-testid="sign-up-identity">
      <p className="content-page__step">{t('signUp.step')}</p>
      <h1 className="content-page__title">{t('signUp.title')}</h1>
      <p className="content-page__note">{t('signUp.intro')}</p>
      {cap && !verified ? (
        <p className="content-page__note">
          {t('cap.text', { cap: formatMoney(cap.cap, { currency: cap.currency, scale: cap.scale }) })}
        </p>
      ) : null}
      <IdentityCheck />
      <Link className="kyc-page__link" to="/">
        {verified ? t('toLobby') : t('signUp.later')}
      </Link>
    </div>
  );
}
