import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetTotals } from '@wps/shared/schemas/bet-record';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { useFormatMoney, type MoneyFormat } from '../../../lib/money';
import { getQuickRange, toQueryBounds, type DayRange, type QuickRange } from '../../../components/ui/date-range';
import { useProfit } from '../api/get-profit';
import { ListStates } from '../../../components/ui/list-states';
import { RecordFilters } from './record-filters';
import { TableScroll } from '@wps/ui/table-scroll';
import '../records.css';
import '../bet-record.css';

function TotalsCells({ totals, money }: { totals: BetTotals; money: MoneyFormat }) {
  const { t } = useTranslation('betRecord');
  const format = useFormatMoney();
  const formats = useFormats();
  return (
    <>
      <td className="data-table__num" data-label={t('columns.bets')}>
        {formats.number(totals.count)}
      </td>
      <td className="data-table__num" data-label={t('columns.stake')}>
        {format(totals.stake, money)}
      </td>
      <td className="data-table__num" data-label={t('columns.payout')}>
        {format(totals.payout, money)}
      </td>
      <td
        className={`data-table__num ${totals.profitMinor.startsWith('-') ? 'is-out' : 'is-in'}`}
        data-label={t('columns.profit')}
      >
        {format(totals.profit, money)}
      </td>
    </>
  );
}

/** Member-centre page "personalProfit": the player's profit and loss by day and by category. */
export function ProfitPage() {
  const { t } = useTranslation('betRecord');
  const format = useFormatMoney();
  const formats = useFormats();
  const titleId = useId();
  const [category, setCategory] = useState('');
  const [range, setRange] = useState<DayRange>(() => getQuickRange('last7'));
  const [quick, setQuick] = useState<QuickRange | null>('last7');
  const bounds = toQueryBounds(range);
  // Days are counted in the player's own time zone (minutes east of UTC).
  const utcOffsetMinutes = -new Date().getTimezoneOffset();
  const query = useProfit({ category: category || undefined, from: bounds?.from, to: bounds?.to, utcOffsetMinutes });
  const data = query.data;
  const money = data ? { currency: data.currency, scale: data.scale } : null;

  const head = (first: string) => (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col" className="data-table__num">
          {t('columns.bets')}
        </th>
        <th scope="col" className="data-table__num">
          {t('columns.stake')}
        </th>
        <th scope="col" className="data-table__num">
          {t('columns.payout')}
        </th>
        <th scope="col" className="data-table__num">
          {t('columns.profit')}
        </th>
      </tr>
    </thead>
  );

  return (
    <section className="ar br" aria-labelledby={titleId} data-testid="profit-page">
      <h2 id={titleId} className="ar__title">
        {t('profit.title')}
      </h2>
      <RecordFilters
        idPrefix="pnl"
        category={category}
        onCategory={setCategory}
        range={range}
        quick={quick}
        onRange={(next, nextQuick) => {
          setRange(next);
          setQuick(nextQuick);
        }}
      />
      <ListStates
        isLoading={query.isLoading}
        errorText={query.error ? translateError(query.error) : null}
        onRetry={() => void query.refetch()}
        value={data && money ? { data, money } : undefined}
        isEmpty={({ data }) => data.totals.count === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('profit.empty') }}
        rows={4}
      >
        {({ data, money }) => (
          <>
            <div
              className={`br__headline ${data.totals.profitMinor.startsWith('-') ? 'is-out' : 'is-in'}`}
              data-testid="profit-total"
            >
              <span className="br__headline-label">{t('profit.total')}</span>
              <span className="amount br__headline-value">{format(data.totals.profit, money)}</span>
              <span className="br__headline-sub">
                {t('profit.summary', { count: data.totals.count, stake: format(data.totals.stake, money) })}
              </span>
            </div>
            <h3 className="br__subtitle">{t('profit.byCategory')}</h3>
            <TableScroll label={t('profit.byCategory')} className="table-scroll--fit">
              <table className="data-table data-table--cards">
                {head(t('columns.category'))}
                <tbody>
                  {data.byCategory.map((c) => (
                    <tr key={c.category} data-testid="profit-category-row">
                      <td data-label={t('columns.category')}>{t(`categories.${c.category}`)}</td>
                      <TotalsCells totals={c} money={money} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <h3 className="br__subtitle">{t('profit.byDay')}</h3>
            <TableScroll label={t('profit.byDay')} className="table-scroll--fit">
              <table className="data-table data-table--cards">
                {head(t('columns.day'))}
                <tbody>
                  {data.byDay.map((d) => (
                    <tr key={d.day} data-testid="profit-day-row">
                      <td className="data-table__time" data-label={t('columns.day')}>
                        {formats.day(d.day)}
                      </td>
                      <TotalsCells totals={d} money={money} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        )}
      </ListStates>
    </section>
  );
}
