import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { depositChannelTypeSchema, depositOrderStatusSchema, type OpsDepositOrder } from '@wps/shared/schemas/deposit';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { formatTotal, joinOutcome, type BulkOutcome } from '../../../lib/bulk-run';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useConfirmDeposit } from '../api/confirm-deposit';
import { useDepositsQueue } from '../api/deposits-queue';
import { useRejectDeposit } from '../api/reject-deposit';
import { isDepositDecidedMeanwhile, useRejectDeposits } from '../api/reject-deposits';
import { ALL, useQueueParams, type QueueFilter } from '../queue-params';
import { useBulkDialog } from '../use-bulk-dialog';
import { DepositConfirmDialog } from './deposit-confirm-dialog';
import { DepositPayerCell } from './deposit-payer-cell';
import { CreatedCell, PlayerLink, QueueStatus, useNow, useQueueTime } from './queue-cells';
import { SelectFilter, filterOptions } from '../../../components/select-filter';
import './queues.css';

const col = dataColumns<OpsDepositOrder>();

const STATUSES = depositOrderStatusSchema.options;
const TYPES = depositChannelTypeSchema.options;
/** Module constants: useQueueParams memoises on them. */
const FILTERS: Readonly<Record<string, QueueFilter>> = {
  status: { values: STATUSES, defaultValue: 'pending' },
  type: { values: TYPES, defaultValue: ALL },
};

type Decision = { order: OpsDepositOrder; action: 'confirm' | 'reject' };

/** A pending bank transfer: the only order an operator decides (a gateway's order is settled by the gateway). */
function isDecidable(order: Pick<OpsDepositOrder, 'status' | 'type'>): boolean {
  return order.status === 'pending' && order.type === 'manual_bank';
}

/** The status label; a failed manual order that an operator refused reads "rejected". */
function statusKey(order: Pick<OpsDepositOrder, 'status' | 'failureReason'>): string {
  return order.status === 'failed' && order.failureReason === 'rejected' ? 'rejected' : order.status;
}

/**
 * The deposit queue (money.read): orders oldest first, pending by default, filtered by status and
 * channel type in the URL, exported as CSV. A pending bank transfer is confirmed (the player is
 * credited) or rejected by an operator who may move money, each with a reason; other roles read.
 * Several pending bank transfers can be rejected at once (rejecting credits nothing); each
 * confirmation stays one order at a time (docs/decisions.md).
 */
export function DepositsPage() {
  const { t, i18n } = useTranslation('queues');
  const locale = localeTag(i18n.language);
  const canDecide = useCan('money.write');
  const now = useNow();
  const time = useQueueTime();
  const { params, filters, setFilter } = useQueueParams({
    filters: FILTERS,
    defaultSort: 'createdAt',
    defaultOrder: 'asc',
  });
  const list = useDepositsQueue(params.toQuery());
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const confirm = useConfirmDeposit((order) => t('deposits.confirmed', { id: order.id }));
  const reject = useRejectDeposit((order) => t('deposits.rejected', { id: order.id }));
  const bulk = useBulkDialog<OpsDepositOrder>();
  /** "Bulk rejection: 3 rejected and 1 already decided." (and the first error, if any). */
  const bulkOutcomeText = ({ done, skipped, errors }: BulkOutcome<OpsDepositOrder>) => {
    const parts = [
      ...(done.length > 0 ? [t('deposits.bulkRejected', { count: done.length })] : []),
      ...(skipped > 0 ? [t('deposits.bulkAlreadyDecided', { count: skipped })] : []),
      ...(errors.length > 0 ? [t('bulk.failed', { count: errors.length })] : []),
    ];
    const text = t('deposits.bulkOutcome', { outcome: joinOutcome(parts, locale) });
    return errors.length > 0 ? `${text} ${errorText(t, errors[0])}` : text;
  };
  const rejectMany = useRejectDeposits(bulkOutcomeText);

  useEffect(() => {
    document.title = t('deposits.documentTitle');
  }, [t]);

  const close = () => {
    setDeciding(null);
    confirm.reset();
    reject.reset();
  };
  const closeBulk = () => {
    bulk.close();
    rejectMany.reset();
  };

  const columns = useMemo(() => {
    const money = (order: OpsDepositOrder, minor: string) =>
      formatMoney(minor, locale, { currency: order.currency, scale: order.scale });
    return col.columns([
      col.accessor('id', {
        id: 'id',
        header: t('columns.id'),
        meta: { rowHeader: true },
        cell: (info) => info.getValue(),
      }),
      col.accessor('account', {
        id: 'account',
        header: t('columns.player'),
        cell: (info) => <PlayerLink memberId={info.row.original.memberId} account={info.getValue()} />,
      }),
      col.accessor('channelName', {
        id: 'channel',
        header: t('columns.channel'),
        cell: (info) => <span className="queue-wrap">{info.getValue()}</span>,
      }),
      col.accessor('type', {
        id: 'type',
        header: t('columns.type'),
        cell: (info) => <span className="queue-wrap">{t(`depositTypes.${info.getValue()}`)}</span>,
      }),
      col.accessor('amountMinor', {
        id: 'amount',
        header: t('columns.amount'),
        enableSorting: true,
        meta: { numeric: true },
        cell: (info) => money(info.row.original, info.getValue()),
      }),
      col.accessor('referenceCode', {
        id: 'reference',
        header: t('columns.reference'),
        // Who paid sits under the order's reference: the queue stays within the screen's width.
        cell: (info) => (
          <>
            <code>{info.getValue()}</code>
            <DepositPayerCell order={info.row.original} />
          </>
        ),
      }),
      col.display({
        id: 'status',
        header: t('columns.status'),
        cell: (info) => (
          <QueueStatus
            status={statusKey(info.row.original)}
            label={t(`depositStatus.${statusKey(info.row.original)}`)}
          />
        ),
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
          const order = info.row.original;
          if (!isDecidable(order)) return <span className="queue-muted">{t('noAction')}</span>;
          if (!canDecide) return <span className="queue-muted">{t('readOnly')}</span>;
          const names = { id: order.id, account: order.account };
          return (
            <span className="queue-actions">
              <Button
                size="sm"
                variant="money"
                aria-label={t('deposits.confirmFor', names)}
                onClick={() => setDeciding({ order, action: 'confirm' })}
              >
                {t('deposits.confirm')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('deposits.rejectFor', names)}
                onClick={() => setDeciding({ order, action: 'reject' })}
              >
                {t('deposits.reject')}
              </Button>
            </span>
          );
        },
      }),
    ]);
  }, [t, locale, canDecide, now, time]);

  const toolbar = (
    <div className="filter-bar filter-bar--end queue-filters" role="group" aria-label={t('filters.label')}>
      <SelectFilter
        label={t('filters.status')}
        value={filters.status ?? 'pending'}
        options={filterOptions(STATUSES, (s) => t(`depositStatus.${s}`), t('filters.allStatuses'))}
        onChange={(value) => setFilter('status', value)}
      />
      <SelectFilter
        label={t('filters.type')}
        value={filters.type ?? ALL}
        options={filterOptions(TYPES, (s) => t(`depositTypes.${s}`), t('filters.allTypes'))}
        onChange={(value) => setFilter('type', value)}
      />
    </div>
  );

  const order = deciding?.order;
  /** Decided meanwhile (by another operator, or the order expired): show the list as it is now. */
  const refetchIfDecided = (error: unknown): never => {
    if (isDepositDecidedMeanwhile(error)) void list.refetch();
    throw error;
  };
  const orderMoney = (minor: string) =>
    order ? formatMoney(minor, locale, { currency: order.currency, scale: order.scale }) : '';
  const bulkRows = bulk.rows;

  return (
    <section className="page queues-page" aria-labelledby="deposits-title">
      <div className="page-header">
        <h1 id="deposits-title">{t('deposits.title')}</h1>
      </div>
      <p>{t('deposits.intro')}</p>
      <DataTable
        caption={t('deposits.caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        // Only an operator who may move money selects, and only the orders they could reject one by one.
        bulkActions={
          canDecide
            ? (selected, clearSelection) => (
                <Button size="sm" variant="secondary" onClick={() => bulk.open(selected, clearSelection)}>
                  {t('deposits.rejectSelected', { count: selected.length })}
                </Button>
              )
            : undefined
        }
        canSelectRow={isDecidable}
        csv={{ path: '/ops/deposits/csv', filename: t('deposits.csvFilename') }}
        toolbar={toolbar}
        emptyTitle={t('deposits.empty')}
      />
      {deciding?.action === 'confirm' && order && (
        <DepositConfirmDialog
          order={order}
          onClose={close}
          onConfirm={(body) => confirm.mutateAsync({ id: order.id, ...body }).catch(refetchIfDecided)}
          isPending={confirm.isPending}
          errorMessage={confirm.errorMessage}
        />
      )}
      {deciding?.action === 'reject' && order && (
        <ConfirmDialog
          open
          onClose={close}
          title={t('deposits.rejectTitle', { id: order.id, account: order.account })}
          description={t('deposits.rejectEffect')}
          changes={[
            { label: t('columns.amount'), after: orderMoney(order.amountMinor) },
            { label: t('columns.reference'), after: <code>{order.referenceCode}</code> },
            { label: t('columns.status'), before: t('depositStatus.pending'), after: t('depositStatus.rejected') },
          ]}
          confirmLabel={t('deposits.reject')}
          onConfirm={(reason) => reject.mutateAsync({ id: order.id, reason }).catch(refetchIfDecided)}
          isPending={reject.isPending}
          errorMessage={reject.errorMessage}
        />
      )}
      {bulkRows && (
        <ConfirmDialog
          open
          onClose={closeBulk}
          title={t('deposits.bulkRejectTitle', { count: bulkRows.length })}
          description={t('deposits.bulkRejectEffect')}
          changes={[
            {
              label: t('bulk.orders'),
              after: <span className="queue-wrap">{bulkRows.map((o) => `${o.id} (${o.account})`).join(', ')}</span>,
            },
            {
              label: t('bulk.total'),
              after: formatTotal(
                bulkRows,
                (o) => ({ minor: o.amountMinor, currency: o.currency, scale: o.scale }),
                (minor, money) => formatMoney(minor, locale, money),
              ),
            },
            { label: t('columns.status'), before: t('depositStatus.pending'), after: t('depositStatus.rejected') },
          ]}
          confirmLabel={t('deposits.bulkReject', { count: bulkRows.length })}
          onConfirm={(reason) => rejectMany.mutateAsync({ ids: bulkRows.map((o) => o.id), reason }).then(bulk.markRun)}
          isPending={rejectMany.isPending}
          errorMessage={rejectMany.errorMessage}
        />
      )}
    </section>
  );
}
