import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { LicenceWarnings } from '../../../components/licence-warnings';
import { useLicenceNotes } from '../../../lib/api/get-licence-notes';
import { errorText } from '../../../lib/error-text';
import { useDashboard } from '../api/get-dashboard';
import { DailyChart } from './daily-chart';
import { DateRangePicker } from '../../../components/date-range-picker';
import { useTimeZone } from '../../../lib/time-zone';
import { useDayRangeSearch } from '../../../lib/use-day-range-search';
import { addDays, presetDays, toInstants } from '../../../lib/zoned-days';
import { FigureCards } from './figure-cards';
import { QueuesPanel } from './queues-panel';
import './dashboard.css';

/**
 * Today and the last 30 days in the operator's time zone, a chosen range for the charts, and the
 * queues; above them, the licence's warnings on the site settings, when it has any.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const zone = useTimeZone();
  const today = presetDays('today', zone).from;
  // The chart's days stay in the URL as days (a shared link means the same days in any zone).
  const { from: first, to: last, range: chartRange, apply } = useDayRangeSearch(zone, 30);
  const days = (from: string, to: string) => ({ ...toInstants({ from, to }, zone), timeZone: zone });
  const todayQuery = useDashboard(days(today, today));
  const monthQuery = useDashboard(days(addDays(today, -29), today));
  const chartQuery = useDashboard(days(first, last));
  // What the licence would have otherwise (an address outside bet.br, identification left blank).
  const licenceNotes = useLicenceNotes().data;
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <section className="page dashboard" aria-labelledby="dashboard-title">
      <div className="page-header">
        <h1 id="dashboard-title">{t('title')}</h1>
        <p className="dash-zone">{t('timeZone', { zone })}</p>
      </div>
      {licenceNotes && <LicenceWarnings notes={licenceNotes} settingsLink />}
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
      <div className="dash-range">
        <h2 id="dash-range-title">{t('range.title')}</h2>
        <DateRangePicker label={t('range.label')} value={chartRange} onChange={apply} />
      </div>
      {chartQuery.isError ? (
        <ErrorState message={errorText(t, chartQuery.error)} />
      ) : chartQuery.data ? (
        <DailyChart data={chartQuery.data} />
      ) : (
        <LoadingState label={t('loading')} />
      )}
    </section>
  );
}
