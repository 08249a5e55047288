import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { SETTLEMENT_RUN_STATUSES, type SettlementRun } from '@wps/shared/schemas/agent-settlement';
import { CONTRACT_TYPES } from '@wps/shared/schemas/agents';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { ALL, SelectFilter, filterOptions } from '../../../components/select-filter';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useRerunSettlement } from '../api/rerun-settlement';
import { useSettlementRun } from '../api/settlement-run-detail';
import { useSettlementRuns } from '../api/settlement-runs';
import { StatementsTable } from './statements-table';
import './agents.css';
import { formatPeriodKey } from '../../../lib/format-date';

const col = dataColumns<SettlementRun>();
const FILTER_KEYS = ['type', 'status'];

/**
 * Settlement runs (agents.read): each contract type's periods as the jobs settled them, with
 * their counts, total and errors; a run opens with its statements. With agents.write a failed run
 * is settled again with a reason (what was paid stays paid).
 */
export function SettlementRunsPage() {
  const { t, i18n } = useTranslation('agents');
  const canWrite = useCan('agents.write');
  const formatMoney = useFormatMoney();
  const params = useListParams({ filterKeys: FILTER_KEYS, defaultSort: 'periodStart' });
  const query = useMemo(() => params.toQuery(), [params]);
  const runs = useSettlementRuns(query);
  const [open, setOpen] = useState<string | null>(null);
  const [rerunning, setRerunning] = useState<SettlementRun | null>(null);
  const rerun = useRerunSettlement((r) => t('runs.rerunDone', { period: formatPeriodKey(r.periodKey) }));
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = t('runs.documentTitle');
  }, [t]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('periodKey', {
          id: 'period',
          header: t('runs.columns.period'),
          meta: { rowHeader: true },
          cell: (info) => formatPeriodKey(info.getValue()),
        }),
        col.accessor('type', {
          id: 'type',
          header: t('runs.columns.type'),
          cell: (info) => t(`contractTypes.${info.getValue()}`),
        }),
        col.accessor('periodStart', {
          id: 'periodStart',
          header: t('runs.columns.start'),
          enableSorting: true,
          cell: (info) => <time dateTime={info.getValue()}>{dates.format(new Date(info.getValue()))}</time>,
        }),
        col.accessor('status', {
          id: 'status',
          header: t('runs.columns.status'),
          cell: (info) => (
            <span className={`status-pill agents-status--${info.getValue()}`}>
              {t(`runStatuses.${info.getValue()}`)}
            </span>
          ),
        }),
        col.display({
          id: 'counts',
          header: t('runs.columns.counts'),
          meta: { numeric: true },
          cell: (info) =>
            t('runs.counts', {
              statements: info.row.original.statements,
              paid: info.row.original.paid,
              held: info.row.original.held,
            }),
        }),
        col.accessor('totalMinor', {
          id: 'total',
          header: t('runs.columns.total'),
          meta: { numeric: true },
          cell: (info) => formatMoney(info.getValue()),
        }),
        col.accessor('error', { id: 'error', header: t('runs.columns.error'), cell: (info) => info.getValue() ?? '—' }),
        col.display({
          id: 'actions',
          header: t('runs.columns.actions'),
          cell: (info) => (
            <span className="agents-actions agents-actions--inline">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setOpen(info.row.original.id)}
                aria-label={t('runs.detailFor', {
                  period: formatPeriodKey(info.row.original.periodKey),
                  type: t(`contractTypes.${info.row.original.type}`),
                })}
              >
                {t('runs.detail')}
              </Button>
              {canWrite && info.row.original.status === 'failed' && (
                <Button
                  size="sm"
                  onClick={() => setRerunning(info.row.original)}
                  aria-label={t('runs.rerunFor', { period: formatPeriodKey(info.row.original.periodKey) })}
                >
                  {t('runs.rerun')}
                </Button>
              )}
            </span>
          ),
        }),
      ]),
    [t, dates, formatMoney, canWrite],
  );

  const toolbar = (
    <div className="agents-filters">
      <SelectFilter
        label={t('contracts.filters.type')}
        value={params.filters.type ?? ALL}
        options={filterOptions(CONTRACT_TYPES, (v) => t(`contractTypes.${v}`), t('contracts.filters.all'))}
        onChange={(v) => params.setFilters({ type: v === ALL ? null : v })}
      />
      <SelectFilter
        label={t('contracts.filters.status')}
        value={params.filters.status ?? ALL}
        options={filterOptions(SETTLEMENT_RUN_STATUSES, (v) => t(`runStatuses.${v}`), t('contracts.filters.all'))}
        onChange={(v) => params.setFilters({ status: v === ALL ? null : v })}
      />
    </div>
  );

  return (
    <section className="page agents-page" aria-labelledby="runs-title">
      <div className="page-header">
        <h1 id="runs-title">{t('runs.title')}</h1>
      </div>
      <p>{t('runs.intro')}</p>
      <DataTable
        caption={t('runs.title')}
        captionHidden
        columns={columns}
        query={runs}
        params={params}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        emptyTitle={t('runs.empty')}
      />
      {open && <RunDialog runId={open} onClose={() => setOpen(null)} />}
      {rerunning && (
        <ConfirmDialog
          open
          onClose={() => setRerunning(null)}
          title={t('runs.rerunTitle', { period: formatPeriodKey(rerunning.periodKey) })}
          description={t('runs.rerunDescription')}
          confirmLabel={t('runs.rerun')}
          onConfirm={(reason) => rerun.mutateAsync({ runId: rerunning.id, reason })}
          isPending={rerun.isPending}
          errorMessage={rerun.errorMessage}
        />
      )}
    </section>
  );
}

function RunDialog({ runId, onClose }: { runId: string; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const run = useSettlementRun(runId);
  return (
    <Modal
      open
      onClose={onClose}
      title={
        run.data
          ? t('runs.detailTitle', {
              period: formatPeriodKey(run.data.run.periodKey),
              type: t(`contractTypes.${run.data.run.type}`),
            })
          : t('runs.detail')
      }
      size="lg"
    >
      {run.isPending ? (
        <LoadingState label={t('loading')} />
      ) : run.isError ? (
        <ErrorState message={errorText(t, run.error)} />
      ) : (
        <StatementsTable statements={run.data.statements} caption={t('statements.title')} />
      )}
    </Modal>
  );
}
