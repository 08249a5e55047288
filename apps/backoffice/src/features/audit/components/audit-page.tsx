import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { AUDIT_FILTER_KEYS, type AuditSearchEntry } from '@wps/shared/schemas/audit';
import { AuditAction } from '../../../components/audit-action';
import { DataTable, dataColumns } from '../../../components/data-table';
import { useListParams } from '../../../lib/list-params';
import { useAuditList } from '../api/audit-list';
import { actorLabel } from './actor-label';
import { AuditChainCheck } from './audit-chain-check';
import { AuditEntryDialog } from './audit-entry-dialog';
import { AuditFilters } from './audit-filters';
import './audit.css';

const col = dataColumns<AuditSearchEntry>();

/**
 * The audit log (audit.read): every operator and system change, newest first, filtered by actor,
 * action, subject and date range (kept in the URL), with each entry's before and after, and the
 * filtered log as CSV; the check of its hash chain on demand.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation('audit');
  const params = useListParams({
    filterKeys: AUDIT_FILTER_KEYS,
    defaultSort: 'at',
    defaultOrder: 'desc',
    defaultPageSize: 50,
  });
  const list = useAuditList(params.toQuery());
  const [open, setOpen] = useState<AuditSearchEntry | null>(null);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const columns = useMemo(() => {
    const time = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', {
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    return col.columns([
      col.accessor('at', {
        id: 'at',
        header: t('columns.at'),
        enableSorting: true,
        meta: { rowHeader: true },
        cell: (info) => <time dateTime={info.getValue()}>{time.format(new Date(info.getValue()))}</time>,
      }),
      col.display({ id: 'actor', header: t('columns.actor'), cell: (info) => actorLabel(t, info.row.original) }),
      col.accessor('action', {
        id: 'action',
        header: t('columns.action'),
        cell: (info) => <AuditAction code={info.getValue()} />,
      }),
      col.display({
        id: 'subject',
        header: t('columns.subject'),
        cell: (info) => (
          <code>
            {info.row.original.subjectType} #{info.row.original.subjectId}
          </code>
        ),
      }),
      col.accessor('reason', {
        id: 'reason',
        header: t('columns.reason'),
        cell: (info) => info.getValue() ?? t('noReason'),
      }),
      col.display({
        id: 'details',
        header: t('columns.details'),
        cell: (info) => (
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('viewFor', { id: info.row.original.id })}
            onClick={() => setOpen(info.row.original)}
          >
            {t('view')}
          </Button>
        ),
      }),
    ]);
  }, [t, i18n.language]);

  return (
    <section className="page" aria-labelledby="audit-title">
      <div className="page-header">
        <h1 id="audit-title">{t('title')}</h1>
      </div>
      <p>{t('intro')}</p>
      <AuditChainCheck />
      <DataTable
        caption={t('caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        csv={{ path: '/ops/audit/csv', filename: t('csvFilename') }}
        toolbar={
          <AuditFilters key={JSON.stringify(params.filters)} values={params.filters} onApply={params.setFilters} />
        }
        emptyTitle={t('empty')}
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </section>
  );
}
