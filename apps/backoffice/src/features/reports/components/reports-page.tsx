import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { CsvExportButton } from '../../../components/csv-export-button';
import { errorText } from '../../../lib/error-text';
import { usePaymentsReport } from '../api/get-payments-report';
import { usePlayersReport } from '../api/get-players-report';
import { usePnlReport } from '../api/get-pnl-report';
import { useOriginalsReport } from '../api/get-originals-report';
import { REPORT_CSV_PATHS } from '../api/report-range';
import { DateRangePicker } from '../../../components/date-range-picker';
import { useTimeZone } from '../../../lib/time-zone';
import { useDayRangeSearch } from '../../../lib/use-day-range-search';
import { OriginalsTable } from './originals-table';
import { PaymentsTable, PlayersTable, PnlTable } from './report-tables';
import './reports.css';

const REPORTS = ['pnl', 'payments', 'players', 'originals'] as const;
type ReportName = (typeof REPORTS)[number];

/** The financial reports and the in-house games' figures over a range of days in the operator's time zone, each exported as CSV. */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const zone = useTimeZone();
  const [search] = useSearchParams();
  const report: ReportName = (REPORTS as readonly string[]).includes(search.get('report') ?? '')
    ? (search.get('report') as ReportName)
    : 'pnl';
  const days = useDayRangeSearch(zone);
  const range = { ...days.range, timeZone: zone };
  const pnl = usePnlReport(range, report === 'pnl');
  const payments = usePaymentsReport(range, report === 'payments');
  const players = usePlayersReport(range, report === 'players');
  const originals = useOriginalsReport(range, report === 'originals');
  const query = { pnl, payments, players, originals }[report];
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const linkTo = (name: ReportName) => {
    const next = new URLSearchParams(search);
    next.set('report', name);
    return `?${next.toString()}`;
  };

  return (
    <section className="page reports" aria-labelledby="reports-title">
      <div className="page-header">
        <h1 id="reports-title">{t('title')}</h1>
        <CsvExportButton
          path={REPORT_CSV_PATHS[report]}
          query={new URLSearchParams(range)}
          filename={`${report}-${days.from}-${days.to}`}
        />
      </div>
      <nav className="report-switch" aria-label={t('switchLabel')}>
        {REPORTS.map((name) => (
          <Link key={name} to={linkTo(name)} aria-current={name === report ? 'page' : undefined}>
            {t(`${name}.title`)}
          </Link>
        ))}
      </nav>
      <div className="report-range">
        <DateRangePicker label={t('range.label')} value={range} onChange={days.apply} />
      </div>
      <h2 className="report-heading">{t(`${report}.title`)}</h2>
      {query.isError ? (
        <ErrorState message={errorText(t, query.error)} />
      ) : !query.data ? (
        <LoadingState label={t('loading')} />
      ) : query.data.rows.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : report === 'pnl' && pnl.data ? (
        <PnlTable report={pnl.data} />
      ) : report === 'payments' && payments.data ? (
        <PaymentsTable report={payments.data} />
      ) : report === 'originals' && originals.data ? (
        <OriginalsTable report={originals.data} />
      ) : players.data ? (
        <PlayersTable report={players.data} />
      ) : null}
    </section>
  );
}
