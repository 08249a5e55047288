import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { errorText } from '../../../lib/error-text';
import { useDashboard } from '../api/get-dashboard';
import { DailyChart } from './daily-chart';
import { DayRangeForm } from './day-range-form';
import { FigureCards } from './figure-cards';
import { QueuesPanel } from './queues-panel';
import { addDays, daysRange, OPERATOR_TIME_ZONE, todayIn } from './zoned-days';
import './dashboard.css';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Today and the last 30 days in the operator's time zone, a chosen range for the charts, and the queues. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const zone = OPERATOR_TIME_ZONE;
  const today = todayIn(zone);
  const [search, setSearch] = useSearchParams();
  const first = DAY_PATTERN.test(search.get('from') ?? '') ? search.get('from')! : addDays(today, -29);
  const last = DAY_PATTERN.test(search.get('to') ?? '') ? search.get('to')! : today;
  const todayQuery = useDashboard(daysRange(today, today, zone));
  const monthQuery = useDashboard(daysRange(addDays(today, -29), today, zone));
  const chartQuery = useDashboard(daysRange(first, last < first ? first : last, zone));
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const apply = (from: string, to: string) => {
    const next = new URLSearchParams(search);
    next.set('from', from);
    next.set('to', to);
    setSearch(next);
  };

  return (
    <section className="page dashboard" aria-labelledby="dashboard-title">
      <div className="page-header">
        <h1 id="dashboard-title">{t('title')}</h1>
        <p className="dash-zone">{t('timeZone', { zone })}</p>
      </div>
      {todayQuery.isError ? (
        <ErrorState message={errorText(t, todayQuery.error)} />
      ) : todayQuery.data && monthQuery.data ? (
        <>
          <div className="dash-top">
            <FigureCards id="dash-today" title={t('today')} data={todayQuery.data} />
            <QueuesPanel queues={todayQuery.data.queues} now={todayQuery.dataUpdatedAt} />
          </div>
          <FigureCards id="dash-month" title={t('last30')} data={monthQuery.data} />
        </>
      ) : (
        <LoadingState label={t('loading')} />
      )}
      <DayRangeForm key={`${first}/${last}`} className="dash-range" from={first} to={last} max={today} onApply={apply}>
        <h2 id="dash-range-title">{t('range.title')}</h2>
      </DayRangeForm>
      {chartQuery.isError ? <ErrorState message={errorText(t, chartQuery.error)} /> : chartQuery.data ? <DailyChart data={chartQuery.data} /> : <LoadingState label={t('loading')} />}
    </section>
  );
}
