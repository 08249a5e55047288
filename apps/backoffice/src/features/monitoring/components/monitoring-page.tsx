import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { MONITORING_RULES, MONITORING_STATUSES, type OpsMonitoringFlag } from '@wps/shared/schemas/monitoring';
import { ALL, SelectFilter, filterOptions } from '../../../components/select-filter';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useCan } from '../../../lib/permissions';
import { useMonitoringFlags } from '../api/monitoring-flags';
import { useRunMonitoringScan } from '../api/run-monitoring-scan';
import { FlagStatus } from './flag-status';
import './monitoring.css';
import { formatPeriodKey } from '../../../lib/format-date';

const col = dataColumns<OpsMonitoringFlag>();
const FILTER_KEYS = ['rule', 'status'];

/**
 * Behaviour monitoring (monitoring.review): the flags players' patterns raised, open ones first by
 * default, filtered by rule and status in the URL. Each opens on its own page (figures, notes,
 * outcome). "Scan now" runs the hourly scan at once; it never raises a flag twice.
 */
export function MonitoringPage() {
  const { t, i18n } = useTranslation('monitoring');
  const params = useListParams({ filterKeys: FILTER_KEYS });
  const status = params.filters.status ?? 'open';
  const rule = params.filters.rule ?? ALL;
  const query = useMemo(() => {
    const q = params.toQuery();
    if (status === ALL) q.delete('status');
    else q.set('status', status);
    if (rule === ALL) q.delete('rule');
    return q;
  }, [params, status, rule]);
  const list = useMonitoringFlags(query);
  const scan = useRunMonitoringScan((raised) => t('scanned', { count: raised }));
  // The thresholds are site settings: only who may change them is shown the way there.
  const canSetThresholds = useCan('settings.write');
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('id', {
          id: 'id',
          header: t('columns.id'),
          meta: { rowHeader: true },
          cell: (info) => (
            <Link to={`/compliance/monitoring/${info.getValue()}`}>{t('flagNumber', { id: info.getValue() })}</Link>
          ),
        }),
        col.accessor('account', {
          id: 'account',
          header: t('columns.player'),
          cell: (info) => <Link to={`/players/${info.row.original.memberId}`}>{info.getValue()}</Link>,
        }),
        col.accessor('rule', { id: 'rule', header: t('columns.rule'), cell: (info) => t(`rules.${info.getValue()}`) }),
        col.accessor('periodKey', {
          id: 'period',
          header: t('columns.period'),
          cell: (info) => formatPeriodKey(info.getValue()),
        }),
        col.accessor('status', {
          id: 'status',
          header: t('columns.status'),
          cell: (info) => <FlagStatus flag={info.row.original} />,
        }),
        col.accessor('notes', {
          id: 'notes',
          header: t('columns.notes'),
          meta: { numeric: true },
          cell: (info) => info.getValue(),
        }),
        col.accessor('raisedAt', {
          id: 'raised',
          header: t('columns.raised'),
          cell: (info) => <time dateTime={info.getValue()}>{dates.format(new Date(info.getValue()))}</time>,
        }),
      ]),
    [t, dates],
  );

  const toolbar = (
    <div className="filter-bar">
      <SelectFilter
        label={t('filters.rule')}
        value={rule}
        options={filterOptions(MONITORING_RULES, (v) => t(`rules.${v}`), t('all'))}
        onChange={(value) => params.setFilters({ rule: value === ALL ? null : value })}
      />
      <SelectFilter
        label={t('filters.status')}
        value={status}
        options={filterOptions(MONITORING_STATUSES, (v) => t(`statuses.${v}`), t('all'))}
        onChange={(value) => params.setFilters({ status: value === 'open' ? null : value })}
      />
    </div>
  );

  return (
    <section className="page" aria-labelledby="monitoring-title">
      <div className="page-header">
        <h1 id="monitoring-title">{t('title')}</h1>
        <div className="monitoring-actions">
          {canSetThresholds && (
            <Link className="btn btn--ghost" to="/compliance/monitoring/settings">
              {t('thresholds')}
            </Link>
          )}
          <Button variant="secondary" loading={scan.isPending} onClick={() => scan.mutate()}>
            {t('scan')}
          </Button>
        </div>
      </div>
      <p>{t('intro')}</p>
      {scan.errorMessage && <p role="alert">{scan.errorMessage}</p>}
      <DataTable
        caption={t('caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        emptyTitle={t('empty')}
      />
    </section>
  );
}
