import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RECORD_KINDS, LEDGER_KINDS } from '@wps/shared/ledger-kinds';
import { Button } from '@wps/ui/button';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { useFormatMoney } from '../../../lib/money';
import { useTransactions } from '../api/list-transactions';
import {
  RANGE_STEPS,
  canStepForward,
  getQuickRange,
  shiftRange,
  toQueryBounds,
  type DayRange,
  type QuickRange,
} from '../../../components/ui/date-range';
import { DateRangeFilter } from '../../../components/ui/date-range-filter';
import { ListStates } from '../../../components/ui/list-states';
import { Pager } from '@wps/ui/pager';
import { TableScroll } from '@wps/ui/table-scroll';
import '../records.css';

const PAGE_SIZE = 20;

/** A kind the ledger lists, so it has a name (record-kinds.test.ts); never show a raw code. */
function isLedgerKind(type: string): boolean {
  return (LEDGER_KINDS as readonly string[]).includes(type);
}

/** Member-centre page "transactionHistory" (account record): every ledger movement, newest first. */
export function TransactionHistory() {
  const { t } = useTranslation('records');
  const format = useFormatMoney();
  const formats = useFormats();
  const titleId = useId();
  const [type, setType] = useState('');
  const [range, setRange] = useState<DayRange>(() => getQuickRange('last7'));
  const [quick, setQuick] = useState<QuickRange | null>('last7');
  const [page, setPage] = useState(1);
  const bounds = toQueryBounds(range);
  const query = useTransactions({
    type: type || undefined,
    from: bounds?.from,
    to: bounds?.to,
    page,
    pageSize: PAGE_SIZE,
  });
  const data = query.data;

  function changeRange(next: DayRange, nextQuick: QuickRange | null = null) {
    setRange(next);
    setQuick(nextQuick);
    setPage(1);
  }

  return (
    <section className="ar" aria-labelledby={titleId} data-testid="account-record">
      <h2 id={titleId} className="ar__title">
        {t('title')}
      </h2>
      <div className="ar__filters">
        <div className="field">
          <label className="field__label" htmlFor="ar-type">
            {t('filters.type')}
          </label>
          <div className="field__box">
            <select
              id="ar-type"
              className="field__input ar__select"
              value={type}
              onChange={(e) => {
                setType(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{t('types.all')}</option>
              {ACCOUNT_RECORD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`types.${k}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <DateRangeFilter
          idPrefix="ar"
          range={range}
          quick={quick}
          onChange={changeRange}
          labels={{
            quickGroup: t('filters.quick'),
            quick: { today: t('quick.today'), last7: t('quick.last7'), last30: t('quick.last30') },
            from: t('filters.from'),
            to: t('filters.to'),
          }}
        />
        <div className="ar__steps" role="group" aria-label={t('filters.steps')}>
          {RANGE_STEPS.map((days) => (
            <Button
              key={`back-${days}`}
              size="sm"
              variant="ghost"
              onClick={() => changeRange(shiftRange(range, -days))}
            >
              {t('steps.previous', { days })}
            </Button>
          ))}
          {RANGE_STEPS.map((days) => (
            <Button
              key={`next-${days}`}
              size="sm"
              variant="ghost"
              disabled={!canStepForward(range)}
              onClick={() => changeRange(shiftRange(range, days))}
            >
              {t('steps.next', { days })}
            </Button>
          ))}
        </div>
      </div>

      <ListStates
        isLoading={query.isLoading}
        errorText={query.error ? translateError(query.error) : null}
        onRetry={() => void query.refetch()}
        value={data}
        isEmpty={(d) => d.list.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('empty') }}
      >
        {(data) => (
          <>
            <TableScroll label={t('title')} className="table-scroll--fit">
              <table className="data-table data-table--cards" aria-busy={query.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.time')}</th>
                    <th scope="col">{t('columns.type')}</th>
                    <th scope="col" className="data-table__num">
                      {t('columns.amount')}
                    </th>
                    <th scope="col" className="data-table__num">
                      {t('columns.balance')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((e) => (
                    <tr key={e.id} data-testid="account-record-row">
                      <td className="data-table__time" data-label={t('columns.time')}>
                        <time dateTime={e.createdAt}>
                          <span>{formats.date(e.createdAt)}</span> <span>{formats.time(e.createdAt)}</span>
                        </time>
                      </td>
                      <td data-label={t('columns.type')} data-testid="account-record-type">
                        {t(isLedgerKind(e.type) ? `types.${e.type}` : 'types.other')}
                      </td>
                      <td
                        className={`data-table__num ${e.amount.startsWith('-') ? 'is-out' : 'is-in'}`}
                        data-label={t('columns.amount')}
                      >
                        {format(e.amount, { currency: data.currency, scale: data.scale })}
                      </td>
                      <td className="data-table__num" data-label={t('columns.balance')}>
                        {format(e.balanceAfter, { currency: data.currency, scale: data.scale })}
                      </td>
                    </tr>
                  ))}
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
