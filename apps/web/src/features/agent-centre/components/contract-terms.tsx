import { useTranslation } from 'react-i18next';
import type { Contract } from '@wps/shared/schemas/agents';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney, type MoneyFormat } from '../../../lib/money';

/** A contract's tiers: from which team figures each rate applies (the highest rate reached is paid). */
export function ContractTerms({ contract, money }: { contract: Contract; money: MoneyFormat }) {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const format = useFormatMoney();
  const baseKey = contract.type === 'dividend' ? 'terms.minNetLoss' : 'terms.minTurnover';
  return (
    <div className="ac-terms">
      <dl className="ac-terms__facts">
        <div>
          <dt>{t('terms.status')}</dt>
          <dd>
            <span className={`ac-status ac-status--${contract.status}`}>{t(`status.${contract.status}`)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('terms.period')}</dt>
          <dd>{t(`period.${contract.period}`, { defaultValue: contract.period })}</dd>
        </div>
        <div>
          <dt>{t('terms.upline')}</dt>
          <dd>{contract.upline ?? t('terms.house')}</dd>
        </div>
        <div>
          <dt>{t('terms.downline')}</dt>
          <dd>{contract.downline}</dd>
        </div>
        <div>
          <dt>{t('terms.offeredAt')}</dt>
          <dd>{formats.dateTime(contract.offeredAt)}</dd>
        </div>
        {contract.endReason && (
          <div>
            <dt>{t('terms.endReason')}</dt>
            <dd>{t(`endReason.${contract.endReason}`)}</dd>
          </div>
        )}
      </dl>
      <table className="ac-table ac-terms__tiers">
        <caption className="visually-hidden">{t('terms.tiers')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(baseKey)}</th>
            <th scope="col">{t('terms.minActivePlayers')}</th>
            <th scope="col">{t('terms.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {contract.tiers.map((tier) => (
            <tr key={`${tier.minAmountMinor}:${tier.minActivePlayers}`}>
              <td className="ac-num">{format(minorToDecimal(tier.minAmountMinor, money.scale), money)}</td>
              <td className="ac-num">{formats.number(tier.minActivePlayers, 0)}</td>
              <td className="ac-num">{formats.percent(tier.rateBp / 10_000)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
