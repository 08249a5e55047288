import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { vendorTransferStatusSchema, type OpsVendorTransfer } from '@wps/shared/schemas/gateway';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { isApiError } from '../../../lib/api-client';
import { formatTotal, joinOutcome, type BulkOutcome } from '../../../lib/bulk-run';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { formatMoney, SITE_MONEY } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useCheckVendorTransfer } from '../api/check-vendor-transfer';
import { useCheckVendorTransfers } from '../api/check-vendor-transfers';
import { useVendorTransfersQueue } from '../api/vendor-transfers-queue';
import { useQueueParams, type QueueFilter } from '../queue-params';
import { useBulkDialog } from '../use-bulk-dialog';
import { CreatedCell, PlayerLink, QueueStatus, useNow, useQueueTime } from './queue-cells';
import { SelectFilter, filterOptions } from '../../../components/select-filter';
import './queues.css';

const col = dataColumns<OpsVendorTransfer>();

/** A transfer's amount in its currency (the site's two decimals: the transfer views carry no scale). */
function amountOf(transfer: OpsVendorTransfer, locale: string): string {
  return formatMoney(transfer.amountMinor, locale, { currency: transfer.currency, scale: SITE_MONEY.scale });
}

/** Only a pending transfer has an outcome to ask about. */
function isPendingTransfer(transfer: Pick<OpsVendorTransfer, 'status'>): boolean {
  return transfer.status === 'pending';
}

const STATUSES = vendorTransferStatusSchema.options;
/** Module constant: useQueueParams memoises on it. */
const FILTERS: Readonly<Record<string, QueueFilter>> = { status: { values: STATUSES, defaultValue: 'pending' } };

/**
 * Transfers between players' main wallets and transfer-model vendors (money.read). Pending ones
 * are those whose vendor answer was lost or late: the player's money is held until the vendor
 * says what happened. The status job asks every 15 s; an operator who may move money can ask
 * now (with a reason), and the vendor's answer settles the transfer, never the operator. Asking
 * only asks, so it can be done for several selected transfers at once.
 */
export function VendorTransfersPage() {
  const { t, i18n } = useTranslation('queues');
  const locale = localeTag(i18n.language);
  const canCheck = useCan('money.write');
  const now = useNow();
  const time = useQueueTime();
  const { params, filters, setFilter } = useQueueParams({
    filters: FILTERS,
    defaultSort: 'createdAt',
    defaultOrder: 'asc',
  });
  const list = useVendorTransfersQueue(params.toQuery());
  const [checking, setChecking] = useState<OpsVendorTransfer | null>(null);
  const check = useCheckVendorTransfer((transfer) =>
    t(transfer.status === 'pending' ? 'vendorTransfers.stillPending' : 'vendorTransfers.settled', {
      id: transfer.id,
      status: t(`transferStatus.${transfer.status}`),
    }),
  );
  const bulk = useBulkDialog<OpsVendorTransfer>();
  /** "Asked the vendors: 1 settled, 2 still pending and 1 already settled." (and the first error, if any). */
  const bulkOutcomeText = ({ done, skipped, errors }: BulkOutcome<OpsVendorTransfer>) => {
    const settled = done.filter((transfer) => !isPendingTransfer(transfer)).length;
    const stillPending = done.length - settled;
    const parts = [
      ...(settled > 0 ? [t('vendorTransfers.bulkSettled', { count: settled })] : []),
      ...(stillPending > 0 ? [t('vendorTransfers.bulkStillPending', { count: stillPending })] : []),
      ...(skipped > 0 ? [t('vendorTransfers.bulkAlreadySettled', { count: skipped })] : []),
      ...(errors.length > 0 ? [t('bulk.failed', { count: errors.length })] : []),
    ];
    const text = t('vendorTransfers.bulkOutcome', { outcome: joinOutcome(parts, locale) });
    return errors.length > 0 ? `${text} ${errorText(t, errors[0])}` : text;
  };
  const checkMany = useCheckVendorTransfers(bulkOutcomeText);

  useEffect(() => {
    document.title = t('vendorTransfers.documentTitle');
  }, [t]);

  const columns = useMemo(() => {
    return col.columns([
      col.accessor('id', {
        id: 'id',
        header: t('columns.transfer'),
        meta: { rowHeader: true },
        cell: (info) => info.getValue(),
      }),
      col.accessor('account', {
        id: 'account',
        header: t('columns.player'),
        cell: (info) => <PlayerLink memberId={info.row.original.memberId} account={info.getValue()} />,
      }),
      col.accessor('vassalage', {
        id: 'vendor',
        header: t('columns.vendor'),
        cell: (info) => <code>{info.getValue()}</code>,
      }),
      col.accessor('direction', {
        id: 'direction',
        header: t('columns.direction'),
        cell: (info) => <span className="queue-wrap">{t(`transferDirection.${info.getValue()}`)}</span>,
      }),
      col.accessor('amountMinor', {
        id: 'amount',
        header: t('columns.amount'),
        enableSorting: true,
        meta: { numeric: true },
        cell: (info) => amountOf(info.row.original, locale),
      }),
      col.accessor('status', {
        id: 'status',
        header: t('columns.status'),
        cell: (info) => <QueueStatus status={info.getValue()} label={t(`transferStatus.${info.getValue()}`)} />,
      }),
      col.accessor('attempts', {
        id: 'attempts',
        header: t('columns.attempts'),
        meta: { numeric: true },
        cell: (info) => info.getValue(),
      }),
      col.accessor('lastError', {
        id: 'lastError',
        header: t('columns.lastError'),
        cell: (info) => <span className="queue-wrap">{info.getValue() ?? '—'}</span>,
      }),
      col.accessor('createdAt', {
        id: 'createdAt',
        header: t('columns.created'),
        enableSorting: true,
        cell: (info) => <CreatedCell iso={info.getValue()} now={now} time={time} />,
      }),
      col.display({
        id: 'actions',
        header: t('columns.actions'),
        cell: (info) => {
          const transfer = info.row.original;
          if (!isPendingTransfer(transfer)) return <span className="queue-muted">{t('noAction')}</span>;
          if (!canCheck) return <span className="queue-muted">{t('readOnly')}</span>;
          return (
            <span className="queue-actions">
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('vendorTransfers.checkFor', { id: transfer.id, account: transfer.account })}
                onClick={() => setChecking(transfer)}
              >
                {t('vendorTransfers.check')}
              </Button>
            </span>
          );
        },
      }),
    ]);
  }, [t, locale, canCheck, now, time]);

  const toolbar = (
    <div className="filter-bar filter-bar--end queue-filters" role="group" aria-label={t('filters.label')}>
      <SelectFilter
        label={t('filters.status')}
        value={filters.status ?? 'pending'}
        options={filterOptions(STATUSES, (s) => t(`transferStatus.${s}`), t('filters.allStatuses'))}
        onChange={(value) => setFilter('status', value)}
      />
    </div>
  );

  const close = () => {
    setChecking(null);
    check.reset();
  };
  const closeBulk = () => {
    bulk.close();
    checkMany.reset();
  };
  const bulkRows = bulk.rows;

  return (
    <section className="page queues-page" aria-labelledby="vendor-transfers-title">
      <div className="page-header">
        <h1 id="vendor-transfers-title">{t('vendorTransfers.title')}</h1>
      </div>
      <p>{t('vendorTransfers.intro')}</p>
      <DataTable
        caption={t('vendorTransfers.caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        // Only an operator who may ask selects, and only pending transfers.
        bulkActions={
          canCheck
            ? (selected, clearSelection) => (
                <Button size="sm" variant="secondary" onClick={() => bulk.open(selected, clearSelection)}>
                  {t('vendorTransfers.checkSelected', { count: selected.length })}
                </Button>
              )
            : undefined
        }
        canSelectRow={isPendingTransfer}
        csv={{ path: '/ops/vendor-transfers/csv', filename: t('vendorTransfers.csvFilename') }}
        toolbar={toolbar}
        emptyTitle={t('vendorTransfers.empty')}
      />
      {checking && (
        <ConfirmDialog
          open
          onClose={close}
          title={t('vendorTransfers.checkTitle', { id: checking.id, account: checking.account })}
          description={t('vendorTransfers.checkEffect', { vendor: checking.vassalage })}
          changes={[
            { label: t('columns.direction'), after: t(`transferDirection.${checking.direction}`) },
            { label: t('columns.amount'), after: amountOf(checking, locale) },
            { label: t('columns.attempts'), after: String(checking.attempts) },
          ]}
          confirmLabel={t('vendorTransfers.check')}
          onConfirm={(reason) =>
            check.mutateAsync({ id: checking.id, reason }).catch((error: unknown) => {
              // Settled meanwhile (by the status job): show the list as it is now.
              if (isApiError(error, 'TRANSFER_NOT_PENDING')) void list.refetch();
              throw error;
            })
          }
          isPending={check.isPending}
          errorMessage={check.errorMessage}
        />
      )}
      {bulkRows && (
        <ConfirmDialog
          open
          onClose={closeBulk}
          title={t('vendorTransfers.bulkCheckTitle', { count: bulkRows.length })}
          description={t('vendorTransfers.bulkCheckEffect')}
          changes={[
            {
              label: t('bulk.transfers'),
              after: <span className="queue-wrap">{bulkRows.map((tr) => `${tr.id} (${tr.account})`).join(', ')}</span>,
            },
            { label: t('columns.vendor'), after: [...new Set(bulkRows.map((tr) => tr.vassalage))].join(', ') },
            {
              label: t('bulk.total'),
              after: formatTotal(
                bulkRows,
                (tr) => ({ minor: tr.amountMinor, currency: tr.currency, scale: SITE_MONEY.scale }),
                (minor, money) => formatMoney(minor, locale, money),
              ),
            },
          ]}
          confirmLabel={t('vendorTransfers.check')}
          onConfirm={(reason) => checkMany.mutateAsync({ ids: bulkRows.map((tr) => tr.id), reason }).then(bulk.markRun)}
          isPending={checkMany.isPending}
          errorMessage={checkMany.errorMessage}
        />
      )}
    </section>
  );
}
