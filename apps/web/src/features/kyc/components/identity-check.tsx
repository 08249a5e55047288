import { useTranslation } from 'react-i18next';
import { isKycIdentityReason } from '@wps/shared/schemas/kyc';
import { Button } from '@wps/ui/button';
import { translateError } from '../../../lib/i18n';
import { useKycStatus } from '../api/get-kyc-status';
import { useStartKycCheck } from '../api/start-kyc-check';
import '../kyc.css';

/**
 * The player's identity check (docs/compliance.md, "KYC"): where it stands, why it failed or waits
 * for a person, and the way to start or go on with it at the provider. Under a licence that asks
 * for it, withdrawals wait for it; under one that identifies players, a document that is not the
 * registered CPF and date of birth's fails the check, and the card says so.
 */
export function IdentityCheck() {
  const { t } = useTranslation('kyc');
  const status = useKycStatus();
  const start = useStartKycCheck();
  const kyc = status.data;
  if (!kyc) return null;
  const canStart = kyc.level === 'unverified' || kyc.level === 'failed' || kyc.level === 'pending';
  return (
    <section className={`kyc-card kyc-card--${kyc.level}`} aria-labelledby="kyc-title" data-testid="kyc-card">
      <div className="kyc-card__text">
        <h4 id="kyc-title" className="kyc-card__title">
          {t('title')}
        </h4>
        <p className="kyc-card__status" data-testid="kyc-level">
          {t(`level.${kyc.level}`)}
        </p>
        {kyc.level === 'verified' && kyc.fullName ? (
          <p className="kyc-card__detail">{t('nameOnDocument', { name: kyc.fullName })}</p>
        ) : null}
        {kyc.reason ? (
          <p className="kyc-card__detail" data-testid="kyc-reason">
            {/* A refusal of ours (the document is not the registered player's) is told in the player's language; a provider's reason as it wrote it. */}
            {isKycIdentityReason(kyc.reason) ? t(`identityReason.${kyc.reason}`) : t('reason', { reason: kyc.reason })}
          </p>
        ) : null}
        {kyc.required && kyc.level !== 'verified' ? <p className="kyc-card__detail">{t('required')}</p> : null}
        {start.error ? (
          <p className="kyc-card__error" role="alert">
            {translateError(start.error)}
          </p>
        ) : null}
      </div>
      {canStart ? (
        <Button variant="primary" size="sm" loading={start.isPending} onClick={() => start.mutate()}>
          {kyc.level === 'pending' ? t('continue') : kyc.level === 'failed' ? t('retry') : t('start')}
        </Button>
      ) : null}
    </section>
  );
}
