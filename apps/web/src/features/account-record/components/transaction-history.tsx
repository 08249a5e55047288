import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RECORD_TYPES } from '@wps/shared/schemas/account-record';
import { Button } from '../../../components/ui/button';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useTransactions } from '../api/list-transactions';
import { RANGE_STEPS, canStepForward, getQuickRange, shiftRange, toQueryBounds, type DayRange, type QuickRange } from '../date-range';
import '../account-record.css';

const PAGE_SIZE = 20;
const QUICK: readonly QuickRange[] = ['today', 'last7', 'last30'];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** yyyy-MM-dd and HH:mm:ss in local time (spec's date format), apart so narrow screens can stack them. */
function formatTime(iso: string): [string, string] {
  const d = new Date(iso);
  return [`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`];
}

/** Member-centre page "transactionHistory" (account record): every ledger movement, newest first. */
export function TransactionHistory() {
  const { t } = useTranslation('records');
  const format = useFormatMoney();
  const titleId = useId();
  const [type, setType] = useState('');
  const [range, setRange] = useState<DayRange>(() => getQuickRange('last7'));
  const [quick, setQuick] = useState<QuickRange | null>('last7');
  const [page, setPage] = useState(1);
  const bounds = toQueryBounds(range);
  const query = useTransactions({ type: type || undefined, from: bounds?.from, to: bounds?.to, page, pageSize: PAGE_SIZE });
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
              {ACCOUNT_RECORD_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`types.${k}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="ar__quick" role="group" aria-label={t('filters.quick')}>
          {QUICK.map((k) => (
            <button key={k} type="button" className={`ar__chip${quick === k ? ' is-active' : ''}`} aria-pressed={quick === k} onClick={() => changeRange(getQuickRange(k), k)}>
              {t(`quick.${k}`)}
            </button>
          ))}
        </div>
        <div className="ar__dates">
          <div className="field">
            <label className="field__label" htmlFor="ar-from">
              {t('filters.from')}
            </label>
            <div className="field__box">
              <input id="ar-from" type="date" className="field__input" value={range.from} max={range.to} onChange={(e) => e.target.value && changeRange({ ...range, from: e.target.value })} />
            </div>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="ar-to">
              {t('filters.to')}
            </label>
            <div className="field__box">
              <input id="ar-to" type="date" className="field__input" value={range.to} min={range.from} onChange={(e) => e.target.value && changeRange({ ...range, to: e.target.value })} />
            </div>
          </div>
        </div>
        <div className="ar__steps" role="group" aria-label={t('filters.steps')}>
          {RANGE_STEPS.map((days) => (
            <Button key={`back-${days}`} size="sm" variant="ghost" onClick={() => changeRange(shiftRange(range, -days))}>
              {t('steps.previous', { days })}
            </Button>
          ))}
          {RANGE_STEPS.map((days) => (
            <Button key={`next-${days}`} size="sm" variant="ghost" disabled={!canStepForward(range)} onClick={() => changeRange(shiftRange(range, days))}>
              {t('steps.next', { days })}
            </Button>
          ))}
        </div>
      </div>

      {query.isLoading ? (
        <div className="ar-skeleton" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="ar-skeleton__row" />
          ))}
        </div>
      ) : query.error ? (
        <div className="ar__empty" role="alert">
          <p>{translateError(query.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !data || data.list.length === 0 ? (
        <p className="ar__empty">{t('empty')}</p>
      ) : (
        <>
          {/* Focusable, so keyboard users can scroll a wide table sideways on a phone. */}
          <div className="ar__table-wrap" tabIndex={0} role="region" aria-label={t('title')}>
            <table className="ar__table" aria-busy={query.isFetching || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t('columns.time')}</th>
                  <th scope="col">{t('columns.type')}</th>
                  <th scope="col" className="ar__num">
                    {t('columns.amount')}
                  </th>
                  <th scope="col" className="ar__num">
                    {t('columns.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((e) => (
                  <tr key={e.id} data-testid="account-record-row">
                    <td className="ar__time">
                      <span>{formatTime(e.createdAt)[0]}</span> <span>{formatTime(e.createdAt)[1]}</span>
                    </td>
                    <td>{t(`types.${e.type}`, { defaultValue: e.type })}</td>
                    <td className={`ar__num ${e.amount.startsWith('-') ? 'is-out' : 'is-in'}`}>{format(e.amount, { currency: data.currency, scale: data.scale })}</td>
                    <td className="ar__num">{format(e.balanceAfter, { currency: data.currency, scale: data.scale })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="ar__pager" aria-label={t('pager.label')}>
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('pager.previous')}
            </Button>
            <span className="ar__page">{t('pager.page', { page: data.page, total: data.totalPages })}</span>
            <Button size="sm" variant="secondary" disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
              {t('pager.next')}
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
