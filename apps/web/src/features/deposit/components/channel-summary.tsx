import { useTranslation } from 'react-i18next';
import type { DepositChannel } from '@wps/shared/schemas/deposit';
import { useFormatMoney } from '../../../lib/money';
import { useFormats } from '../../../lib/format';

/** A channel's type, limits and fee, as shown above the amount field. */
export function ChannelSummary({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation('deposit');
  const formatMoney = useFormatMoney();
  const { percent } = useFormats();
  // Basis points: 250 → 2,5% (the fee needs no trailing zeros).
  const formatPercent = (bps: number) => percent(bps / 10_000, bps % 100 === 0 ? 0 : bps % 10 === 0 ? 1 : 2);
  const money = { currency: channel.currency, scale: channel.scale };
  const hasFixed = channel.feeFixedMinor !== '0';
  const hasPercent = channel.feeBps > 0;
  let fee = t('feeFree');
  if (hasFixed && hasPercent)
    fee = t('feeBoth', { fixed: formatMoney(channel.feeFixed, money), percent: formatPercent(channel.feeBps) });
  else if (hasFixed) fee = t('feeFixed', { fixed: formatMoney(channel.feeFixed, money) });
  else if (hasPercent) fee = t('feePercent', { percent: formatPercent(channel.feeBps) });

  return (
    <div className="deposit-channel">
      <span className={`deposit-channel__type deposit-channel__type--${channel.type}`}>
        {channel.method === 'pix' ? t('channelType.pix') : t(`channelType.${channel.type}`)}
      </span>
      <p className="deposit-channel__limits">
        {t('limits', { min: formatMoney(channel.min, money), max: formatMoney(channel.max, money) })}
      </p>
      <p className="deposit-channel__fee">
        {t('fee')}: <strong>{fee}</strong>
      </p>
    </div>
  );
}
