import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorLane } from '@wps/shared/schemas/catalogue';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { formatMinor } from '@wps/shared/money';
import { useFormatMoney } from '../../../lib/money';
import { getQuickRange, toQueryBounds, type DayRange, type QuickRange } from '../../../components/ui/date-range';
import { useBets } from '../api/list-bets';
import { toVendorOptions } from '../vendor-options';
import { ListStates } from '../../../components/ui/list-states';
import { RecordFilters } from './record-filters';
import { Pager } from '@wps/ui/pager';
import { TableScroll } from '@wps/ui/table-scroll';
import '../records.css';
import '../bet-record.css';
import { LotteryTicketDetail } from './lottery-ticket-detail';

const PAGE_SIZE = 20;

/**
 * Member-centre page "personalHistoryCopy" (betting record): every round with its stake, payout and
 * profit. The vendor filter lists the lobby's vendors, which the app passes in.
 */
export function BettingRecordPage({ vendorLanes }: { vendorLanes: readonly VendorLane[] }) {
  const { t } = useTranslation('betRecord');
  const format = useFormatMoney();
  const formats = useFormats();
  const titleId = useId();
  const [category, setCategory] = useState('');
  const [vendor, setVendor] = useState('');
  const [range, setRange] = useState<DayRange>(() => getQuickRange('last7'));
  const [quick, setQuick] = useState<QuickRange | null>('last7');
  const [page, setPage] = useState(1);
  const bounds = toQueryBounds(range);
  const query = useBets({
    category: category || undefined,
    vassalage: vendor || undefined,
    from: bounds?.from,
    to: bounds?.to,
    page,
    pageSize: PAGE_SIZE,
  });
  const data = query.data;
  const money = data ? { currency: data.currency, scale: data.scale } : null;

  return (
    <section className="ar br" aria-labelledby={titleId} data-testid="betting-record">
      <h2 id={titleId} className="ar__title">
        {t('record.title')}
      </h2>
      <RecordFilters
        idPrefix="br"
        category={category}
        onCategory={(c) => {
          setCategory(c);
          setVendor('');
          setPage(1);
        }}
        vendors={{
          value: vendor,
          options: toVendorOptions(vendorLanes, category),
          onChange: (v) => {
            setVendor(v);
            setPage(1);
          },
        }}
        range={range}
        quick={quick}
        onRange={(next, nextQuick) => {
          setRange(next);
          setQuick(nextQuick);
          setPage(1);
        }}
      />

      <ListStates
        isLoading={query.isLoading}
        errorText={query.error ? translateError(query.error) : null}
        onRetry={() => void query.refetch()}
        value={data && money ? { data, money } : undefined}
        isEmpty={({ data }) => data.list.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('record.empty') }}
      >
        {({ data, money }) => (
          <>
            <dl className="br__totals" data-testid="betting-record-totals">
              <div>
                <dt>{t('columns.bets')}</dt>
                <dd>{formats.number(data.totals.count)}</dd>
              </div>
              <div>
                <dt>{t('columns.stake')}</dt>
                <dd className="amount">{format(data.totals.stake, money)}</dd>
              </div>
              <div>
                <dt>{t('columns.profit')}</dt>
                <dd className={`amount ${data.totals.profitMinor.startsWith('-') ? 'is-out' : 'is-in'}`}>
                  {format(data.totals.profit, money)}
                </dd>
              </div>
            </dl>
            <TableScroll label={t('record.title')} className="table-scroll--fit">
              <table className="data-table data-table--cards br__table" aria-busy={query.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.time')}</th>
                    <th scope="col">{t('columns.game')}</th>
                    <th scope="col" className="data-table__num">
                      {t('columns.stake')}
                    </th>
                    <th scope="col" className="data-table__num">
                      {t('columns.payout')}
                    </th>
                    <th scope="col" className="data-table__num">
                      {t('columns.profit')}
                    </th>
                    <th scope="col">{t('columns.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((b) => {
                    return (
                      <tr key={b.roundId} data-testid="betting-record-row" data-round-id={b.roundId}>
                        <td className="data-table__time" data-label={t('columns.time')}>
                          <time dateTime={b.createdAt}>
                            <span>{formats.date(b.createdAt)}</span> <span>{formats.time(b.createdAt)}</span>
                          </time>
                        </td>
                        <td data-label={t('columns.game')}>
                          <div>
                            <span className="br__game">{b.gameName}</span>
                            <span className="br__vendor">
                              {b.vendorName} · {t(`categories.${b.category}`)}
                            </span>
                            {b.fair && (
                              <details className="br__fair">
                                <summary>{t('record.fair')}</summary>
                                <dl>
                                  <dt>{t('record.serverSeedHash')}</dt>
                                  <dd className="br__mono">{b.fair.serverSeedHash}</dd>
                                  <dt>{t('record.serverSeed')}</dt>
                                  <dd className="br__mono">{b.fair.serverSeed ?? t('record.notRevealed')}</dd>
                                  <dt>{t('record.clientSeed')}</dt>
                                  <dd className="br__mono">{b.fair.clientSeed}</dd>
                                  <dt>{t('record.nonce')}</dt>
                                  <dd>{b.fair.nonce}</dd>
                                </dl>
                              </details>
                            )}
                            {b.lottery && money && (
                              <LotteryTicketDetail
                                lottery={b.lottery}
                                money={(minor) => format(formatMinor(minor, money.scale), money)}
                              />
                            )}
                          </div>
                        </td>
                        <td className="data-table__num" data-label={t('columns.stake')}>
                          {format(b.stake, money)}
                        </td>
                        <td className="data-table__num" data-label={t('columns.payout')}>
                          {format(b.payout, money)}
                        </td>
                        <td
                          className={`data-table__num ${b.profitMinor.startsWith('-') ? 'is-out' : 'is-in'}`}
                          data-label={t('columns.profit')}
                        >
                          {format(b.profit, money)}
                        </td>
                        <td data-label={t('columns.status')}>
                          <span className={`br__status br__status--${b.status}`}>{t(`status.${b.status}`)}</span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
            <Pager
              label={t('pager.label')}
              page={page}
              totalPages={data.totalPages}
              onPage={setPage}
              pageLabel={t('pager.page', { page: data.page, total: data.totalPages })}
              previousLabel={t('pager.previous')}
              nextLabel={t('pager.next')}
            />
          </>
        )}
      </ListStates>
    </section>
  );
}
