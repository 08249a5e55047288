import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '@wps/shared/schemas/deposit';
import { Button } from '@wps/ui/button';
import { useFormatDateTime } from '../../../lib/date-format';
import { useFormatMoney } from '../../../lib/money';
import { copy } from '../copy';

/**
 * A PIX charge: its QR code and its BR Code ("copia e cola") to paste in the player's bank app,
 * with a copy button. Only a payment from an account under the player's own CPF is credited
 * where the licence asks for it, so the page says so before the player pays.
 */
export function PixChargeDetails({
  order,
  ownAccountOnly,
  onDone,
}: {
  order: DepositOrder;
  ownAccountOnly: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('deposit');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  if (!order.pixCode) return null;
  const amount = formatMoney(order.amount, { currency: order.currency, scale: order.scale });

  return (
    <section className="deposit-pix" aria-labelledby="deposit-pix-title" data-testid="pix-charge">
      <h3 id="deposit-pix-title" className="deposit-manual__title">
        {t('pix.title')}
      </h3>
      <p className="deposit-manual__intro">{t('pix.intro', { amount })}</p>
      {ownAccountOnly && (
        <p className="deposit-pix__own" data-testid="pix-own-account">
          {t('pix.ownAccount')}
        </p>
      )}
      <div className="deposit-pix__qr">
        <QRCodeSVG
          value={order.pixCode}
          size={192}
          level="M"
          bgColor="#ffffff"
          fgColor="#000000"
          title={t('pix.qrLabel')}
        />
      </div>
      <label className="deposit-pix__label" htmlFor="deposit-pix-code">
        {t('pix.code')}
      </label>
      <textarea
        id="deposit-pix-code"
        className="deposit-pix__code"
        readOnly
        rows={4}
        value={order.pixCode}
        data-testid="pix-code"
      />
      <Button
        variant="money"
        block
        onClick={() => void copy(order.pixCode ?? '', t('pix.copied'), t('manual.copyFailed'))}
      >
        {t('pix.copy')}
      </Button>
      <p className="deposit-manual__expires">
        {t('pix.expires', { time: formatDateTime(order.expiresAt), reference: order.referenceCode })}
      </p>
      {order.payUrl && (
        <a className="deposit-pix__pay" href={order.payUrl}>
          {t('pix.openPayPage')}
        </a>
      )}
      <Button variant="secondary" block onClick={onDone}>
        {t('manual.done')}
      </Button>
    </section>
  );
}
