import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState, EmptyState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney } from '../../../lib/money';
import { useTimeZone } from '../../../lib/time-zone';
import { addDays, dayOf } from '../../../lib/zoned-days';
import { useBonusCost } from '../api/get-bonus-cost';
import './bonuses.css';
import { formatDay } from '../../../lib/format-date';

const MONEY_COLUMNS = ['grantedMinor', 'convertedMinor', 'forfeitedMinor', 'expiredMinor', 'cancelledMinor'] as const;

/** The bonus-cost report (bonuses.read): bonus money granted and how it ended, by day and source, in the operator's time zone. */
export function BonusCostPage() {
  const { t } = useTranslation('bonuses');
  const { t: tc } = useTranslation();
  const zone = useTimeZone();
  const formatMoney = useFormatMoney();
  // The last seven days up to today, in the operator's time zone, when the screen opens.
  const [from, setFrom] = useState(() => addDays(dayOf(Date.now(), zone), -6));
  const [to, setTo] = useState(() => dayOf(Date.now(), zone));
  const report = useBonusCost({ from, to, tz: zone });

  useEffect(() => {
    document.title = t('cost.documentTitle');
  }, [t]);

  const data = report.data;
  return (
    <section className="page" aria-labelledby="bonus-cost-title">
      <div className="page-header">
        <h1 id="bonus-cost-title">{t('cost.title')}</h1>
      </div>
      <p>{t('cost.intro', { zone })}</p>
      <div className="filter-bar filter-bar--end">
        <div className="field">
          <label className="field__label" htmlFor="bonus-cost-from">
            {t('cost.from')}
          </label>
          <input
            id="bonus-cost-from"
            className="field__input"
            type="date"
            value={from}
            max={to}
            onChange={(event) => event.target.value && setFrom(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="bonus-cost-to">
            {t('cost.to')}
          </label>
          <input
            id="bonus-cost-to"
            className="field__input"
            type="date"
            value={to}
            min={from}
            onChange={(event) => event.target.value && setTo(event.target.value)}
          />
        </div>
      </div>
      {report.isPending ? (
        <LoadingState label={t('cost.loading')} />
      ) : report.isError ? (
        <ErrorState message={errorText(tc, report.error)} />
      ) : !data || data.rows.length === 0 ? (
        <EmptyState title={t('cost.empty')} />
      ) : (
        <TableScroll label={t('cost.caption')}>
          <table className="data-table">
            <caption className="visually-hidden">{t('cost.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cost.columns.day')}</th>
                <th scope="col">{t('cost.columns.source')}</th>
                <th scope="col" className="is-numeric">
                  {t('cost.columns.grants')}
                </th>
                {MONEY_COLUMNS.map((c) => (
                  <th key={c} scope="col" className="is-numeric">
                    {t(`cost.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={`${row.day}-${row.source}`}>
                  <th scope="row">{formatDay(row.day)}</th>
                  <td>{t(`sources.${row.source}`, { defaultValue: row.source })}</td>
                  <td className="is-numeric">{row.grants}</td>
                  {MONEY_COLUMNS.map((c) => (
                    <td key={c} className="is-numeric">
                      {formatMoney(row[c], { currency: data.currency, scale: data.scale })}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
