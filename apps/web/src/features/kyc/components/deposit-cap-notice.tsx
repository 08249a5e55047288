import { useEffect } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useKycStatus } from '../api/get-kyc-status';
import { useStartKycCheck } from '../api/start-kyc-check';
import '../kyc.css';

/**
 * Above the deposit form while the identity is unverified (docs/compliance.md, "KYC": tiers): what
 * the player may still deposit before the check, and the way to it.
 */
export function DepositCapNotice() {
  const { t } = useTranslation('kyc');
  const status = useKycStatus();
  const start = useStartKycCheck();
  const formatMoney = useFormatMoney();
  const busy = useIsMutating();
  const { refetch } = status;
  // A deposit order made or refused changes the room left: read it again once it settles.
  useEffect(() => {
    if (busy === 0) void refetch();
  }, [busy, refetch]);
  const kyc = status.data;
  const cap = kyc?.depositCap;
  if (!kyc || !cap) return null;
  const money = { currency: cap.currency, scale: cap.scale };
  return (
    <section className="kyc-cap" aria-labelledby="kyc-cap-title" data-testid="kyc-deposit-cap">
      <h3 id="kyc-cap-title" className="kyc-cap__title">
        {t('cap.title')}
      </h3>
      <p className="kyc-cap__text">{t('cap.text', { cap: formatMoney(cap.cap, money) })}</p>
      <p className="kyc-cap__room" data-testid="kyc-deposit-room">
        {t('cap.remaining', { remaining: formatMoney(cap.remaining, money) })}
      </p>
      {start.error ? (
        <p className="kyc-card__error" role="alert">
          {translateError(start.error)}
        </p>
      ) : null}
      {kyc.level === 'review' ? (
        <p className="kyc-cap__text">{t('level.review')}</p>
      ) : (
        <Button variant="secondary" size="sm" loading={start.isPending} onClick={() => start.mutate()}>
          {kyc.level === 'pending' ? t('continue') : t('cap.verify')}
        </Button>
      )}
    </section>
  );
}
