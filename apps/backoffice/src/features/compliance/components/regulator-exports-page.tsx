import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { RegulatorExportRun } from '@wps/shared/schemas/regulator-export';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { showNotice } from '../../../lib/notices';
import { dayText } from '../../../lib/zoned-days';
import { downloadExportFile } from '../api/download-export-file';
import { useRegulatorExportState } from '../api/regulator-export-state';
import { useRegulatorExports } from '../api/regulator-exports';
import { useRerunRegulatorExport } from '../api/rerun-regulator-export';
import './compliance.css';

const col = dataColumns<RegulatorExportRun>();
const COUNTED = ['bets', 'bettors', 'wallets', 'transactions', 'payouts'] as const;

/**
 * The daily regulator export (compliance.exports): each operator day's runs with their status,
 * counts and checksum, each file downloaded as it was stored, and a re-run of a day (a new
 * version beside the old ones, with a reason kept in the audit log).
 */
export function RegulatorExportsPage() {
  const { t, i18n } = useTranslation('compliance');
  const params = useListParams({ filterKeys: [], defaultSort: 'day', defaultOrder: 'desc' });
  const query = useMemo(() => params.toQuery(), [params]);
  const runs = useRegulatorExports(query);
  const [rerunning, setRerunning] = useState<RegulatorExportRun | null>(null);
  const rerun = useRerunRegulatorExport((r) =>
    t('rerunDone', { day: dayText(r.operatorDay, localeTag(i18n.language)), version: r.version }),
  );
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const columns = useMemo(() => {
    const download = (run: RegulatorExportRun, name: string) =>
      downloadExportFile(run.id, name, `regulator-${run.operatorDay}-v${run.version}-${name}`).catch((err: unknown) =>
        showNotice(errorText(t, err)),
      );
    return col.columns([
      col.accessor('operatorDay', {
        id: 'day',
        header: t('columns.day'),
        enableSorting: true,
        meta: { rowHeader: true },
        cell: (info) => (
          <>
            {info.getValue()}{' '}
            <span className="compliance-version">{t('versionLabel', { version: info.row.original.version })}</span>
          </>
        ),
      }),
      col.display({
        id: 'status',
        header: t('columns.status'),
        cell: (info) => (
          <>
            <span className="status-pill compliance-status--done">{t('statusDone')}</span>
            <span className="compliance-version">
              {t(`triggers.${info.row.original.trigger}`)}
              {info.row.original.requestedBy ? ` · ${info.row.original.requestedBy}` : ''}
            </span>
          </>
        ),
      }),
      col.accessor('finishedAt', {
        id: 'finishedAt',
        header: t('columns.finishedAt'),
        cell: (info) => <time dateTime={info.getValue()}>{dates.format(new Date(info.getValue()))}</time>,
      }),
      col.display({
        id: 'counts',
        header: t('columns.counts'),
        cell: (info) => (
          <ul className="compliance-counts">
            {COUNTED.map((k) => (
              <li key={k}>{t(`counts.${k}`, { count: info.row.original.counts[k] ?? 0 })}</li>
            ))}
          </ul>
        ),
      }),
      col.accessor('checksum', {
        id: 'checksum',
        header: t('columns.checksum'),
        cell: (info) => (
          <code className="compliance-checksum" title={info.getValue()}>
            {info.getValue().slice(0, 12)}…
          </code>
        ),
      }),
      col.display({
        id: 'files',
        header: t('columns.files'),
        cell: (info) => (
          <span className="compliance-files">
            {info.row.original.files.map((f) => (
              <Button
                key={f.name}
                size="sm"
                variant="secondary"
                onClick={() => void download(info.row.original, f.name)}
                aria-label={t('downloadFor', {
                  file: f.name,
                  day: info.row.original.operatorDay,
                  version: info.row.original.version,
                })}
              >
                {f.name}
              </Button>
            ))}
          </span>
        ),
      }),
      col.display({
        id: 'actions',
        header: t('columns.actions'),
        cell: (info) => (
          <Button
            size="sm"
            onClick={() => setRerunning(info.row.original)}
            aria-label={t('rerunFor', { day: info.row.original.operatorDay, version: info.row.original.version })}
          >
            {t('rerun')}
          </Button>
        ),
      }),
    ]);
  }, [t, dates]);

  return (
    <section className="page compliance-page" aria-labelledby="compliance-title">
      <div className="page-header">
        <h1 id="compliance-title">{t('title')}</h1>
      </div>
      <p>{t('intro')}</p>
      <ScheduleState />
      <DataTable
        caption={t('caption')}
        captionHidden
        columns={columns}
        query={runs}
        params={params}
        getRowId={(row) => row.id}
        emptyTitle={t('empty')}
      />
      {rerunning && (
        <ConfirmDialog
          open
          onClose={() => setRerunning(null)}
          title={t('rerunTitle', { day: rerunning.operatorDay })}
          description={t('rerunDescription')}
          confirmLabel={t('rerun')}
          onConfirm={(reason) => rerun.mutateAsync({ day: rerunning.operatorDay, reason })}
          isPending={rerun.isPending}
          errorMessage={rerun.errorMessage}
        />
      )}
    </section>
  );
}

/** Whether the last due day is exported, and the schedule's last failure while it is unresolved. */
function ScheduleState() {
  const { t, i18n } = useTranslation('compliance');
  const state = useRegulatorExportState();
  if (!state.data) return null;
  const { exported, failing, timeZone } = state.data;
  const day = dayText(state.data.lastDueDay, localeTag(i18n.language));
  return (
    <div
      role="status"
      className={`compliance-state ${failing ? 'compliance-state--failing' : exported ? 'compliance-state--ok' : ''}`}
    >
      <p>{exported ? t('state.exported', { day, timeZone }) : t('state.pending', { day, timeZone })}</p>
      {failing && <p>{t('state.failing', { attempt: failing.attempt, error: failing.error })}</p>}
    </div>
  );
}
