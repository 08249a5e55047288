import { useTranslation } from 'react-i18next';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsDepositChannel } from '@wps/shared/schemas/deposit';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useLicenceMethods } from '../api/licence-methods';
import { EditToggleCell, EnabledBadge } from './row-cells';

type DepositChannelsTableProps = {
  channels: readonly OpsDepositChannel[];
  /** Whether the operator may change channels (payments.write); without it the table only reads. */
  canWrite: boolean;
  onEdit: (channel: OpsDepositChannel) => void;
  onToggle: (channel: OpsDepositChannel) => void;
};

/**
 * Every deposit channel in the players' order (the server's), disabled ones too: payment method
 * (marked when the licence hides that kind from players), limits, fee, its type with where the
 * money arrives (one column, so every column fits at 1024 px), order and status; editors get edit and enable/disable per row, each button named after its channel.
 */
export function DepositChannelsTable({ channels, canWrite, onEdit, onToggle }: DepositChannelsTableProps) {
  const { t, i18n } = useTranslation('payments');
  const formatMoney = useFormatMoney();
  const licence = useLicenceMethods();
  const percent = new Intl.NumberFormat(localeTag(i18n.language), { style: 'percent', maximumFractionDigits: 2 });

  const fee = (channel: OpsDepositChannel): string => {
    const money = { currency: channel.currency, scale: 2 };
    const fixed = BigInt(channel.feeFixedMinor) > 0n ? formatMoney(channel.feeFixedMinor, money) : null;
    const rate = channel.feeBps > 0 ? percent.format(channel.feeBps / 10_000) : null;
    if (fixed && rate) return t('channels.feeBoth', { fixed, percent: rate });
    return fixed ?? rate ?? t('channels.noFee');
  };

  return (
    <TableScroll label={t('channels.caption')}>
      <table className="data-table payments-table">
        <caption className="visually-hidden">{t('channels.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('channels.name')}</th>
            <th scope="col">{t('channels.method')}</th>
            <th scope="col" className="is-numeric">
              {t('channels.limits')}
            </th>
            <th scope="col" className="is-numeric">
              {t('channels.fees')}
            </th>
            <th scope="col">{t('channels.receiving')}</th>
            <th scope="col" className="is-numeric">
              {t('channels.sort')}
            </th>
            <th scope="col">{t('channels.status')}</th>
            {canWrite && <th scope="col">{t('channels.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => {
            const money = { currency: channel.currency, scale: 2 };
            return (
              <tr key={channel.id} data-channel-id={channel.id}>
                <th scope="row">{channel.name}</th>
                <td>
                  {licence?.refused.has(channel.method) ? (
                    <span className="payments-method">
                      <span>{t(`methods.${channel.method}`)}</span>
                      <span className="payments-method__hidden">
                        {t('channels.hiddenByLicence', { profile: licence.profile })}
                      </span>
                    </span>
                  ) : (
                    t(`methods.${channel.method}`)
                  )}
                </td>
                <td className="is-numeric">
                  {t('channels.limitRange', {
                    min: formatMoney(channel.minMinor, money),
                    max: formatMoney(channel.maxMinor, money),
                  })}
                </td>
                <td className="is-numeric">{fee(channel)}</td>
                <td>
                  <span className="payments-account">
                    <span className="payments-account__type">{t(`types.${channel.type}`)}</span>
                    {channel.type === 'manual_bank' ? (
                      <>
                        <span>{channel.bankName}</span>
                        <span>{channel.accountNumber}</span>
                        <span>{channel.accountHolder}</span>
                      </>
                    ) : (
                      <span>
                        {t('channels.provider', {
                          provider: channel.provider
                            ? t(`providers.${channel.provider}`, { defaultValue: channel.provider })
                            : '—',
                        })}
                      </span>
                    )}
                  </span>
                </td>
                <td className="is-numeric">{channel.sort}</td>
                <EnabledBadge enabled={channel.enabled} />
                {canWrite && (
                  <EditToggleCell
                    words="channels"
                    name={channel.name}
                    enabled={channel.enabled}
                    onEdit={() => onEdit(channel)}
                    onToggle={() => onToggle(channel)}
                  />
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
