import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { OpsWithdrawalOrder, WithdrawalStatus } from '@wps/shared/schemas/withdrawal';
import { ConfirmDialog, type PlannedChange } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { isApiError } from '../../../lib/api-client';
import { localeTag } from '../../../lib/i18n';
import { SITE_MONEY, formatMoney } from '../../../lib/money';
import { useMe } from '../../../lib/api/get-me';
import { useCan } from '../../../lib/permissions';
import { useApproveWithdrawal } from '../api/approve-withdrawal';
import { useRejectWithdrawal } from '../api/reject-withdrawal';
import { useResolveWithdrawalDispute } from '../api/resolve-withdrawal-dispute';
import { useWithdrawalsQueue } from '../api/withdrawals-queue';
import { ALL, useQueueParams, type QueueFilter } from '../queue-params';
import { ProofsDialog } from './proofs-dialog';
import { ReviewOverdueNote, SecondApprovalNote, WithdrawalAlerts } from './withdrawal-approval-notes';
import { CreatedCell, PlayerLink, QueueStatus, useNow, useQueueTime } from './queue-cells';
import { SelectFilter, filterOptions } from '../../../components/select-filter';
import './queues.css';

const col = dataColumns<OpsWithdrawalOrder>();

/** The filter's order: what waits for an operator first. */
const STATUSES = [
  'pending',
  'approved',
  'disputed',
  'completed',
  'rejected',
] as const satisfies readonly WithdrawalStatus[];
/** The alerts an order can carry (the operator money policy's): the filter lists the orders that raised one. */
const ALERTS = ['credited_then_paid_out'] as const;
/** A module constant: useQueueParams memoises on it. */
const FILTERS: Readonly<Record<string, QueueFilter>> = {
  status: { values: STATUSES, defaultValue: 'pending' },
  alert: { values: ALERTS, defaultValue: ALL },
};

type Action = 'approve' | 'reject' | 'resolve';
type Decision = { order: OpsWithdrawalOrder; action: Action };

/** The codes that mean "decided meanwhile": the list is refetched to show the order as it is now. */
const STALE_CODES = ['WITHDRAWAL_ALREADY_RESOLVED', 'WITHDRAWAL_NOT_DISPUTED'];

/**
 * The withdrawal queue (money.read): orders oldest first, pending by default, filtered by status
 * in the URL, exported as CSV, with the account finance pays to. A pending order is approved or
 * rejected (money.write, each with a reason; the player sees a rejection's reason); a disputed
 * one is resolved with a note (disputes.write) after looking at the player's proof images.
 * Above a threshold of the operator money policy an approval waits for a second operator: the
 * order stays pending, marked with who asked; the asker is offered no approval of it. An order
 * approved by an operator who had credited the player by hand shows that alert.
 */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation('queues');
  const locale = localeTag(i18n.language);
  const canDecide = useCan('money.write');
  const canResolve = useCan('disputes.write');
  const me = useMe();
  const myId = me.data ? String(me.data.operatorId) : null;
  const now = useNow();
  const time = useQueueTime();
  const { params, filters, setFilter } = useQueueParams({
    filters: FILTERS,
    defaultSort: 'createdAt',
    defaultOrder: 'asc',
  });
  const list = useWithdrawalsQueue(params.toQuery());
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [viewing, setViewing] = useState<OpsWithdrawalOrder | null>(null);
  const approve = useApproveWithdrawal((order) =>
    t(order.status === 'pending' ? 'withdrawals.approvalWaits' : 'withdrawals.approved', { id: order.id }),
  );
  const reject = useRejectWithdrawal((order) => t('withdrawals.rejected', { id: order.id }));
  const resolve = useResolveWithdrawalDispute((order) => t('withdrawals.resolved', { id: order.id }));

  useEffect(() => {
    document.title = t('withdrawals.documentTitle');
  }, [t]);

  const columns = useMemo(
    () =>
      col.columns([
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
        col.accessor('amountMinor', {
          id: 'amount',
          header: t('columns.amount'),
          enableSorting: true,
          meta: { numeric: true },
          cell: (info) => orderAmount(info.row.original, locale),
        }),
        col.display({
          id: 'bank',
          header: t('columns.bank'),
          cell: (info) => (
            <span className="queue-bank">
              <span className="queue-wrap">{info.row.original.bankName}</span>
              <code title={info.row.original.accountNumberMasked}>{info.row.original.accountNumber}</code>
              {info.row.original.pixKey && (
                <code data-testid="queue-pix-key">
                  PIX {info.row.original.pixKeyType}: {info.row.original.pixKey}
                </code>
              )}
            </span>
          ),
        }),
        col.accessor('holderName', {
          id: 'holder',
          header: t('columns.holder'),
          cell: (info) => <span className="queue-wrap">{info.getValue()}</span>,
        }),
        col.display({
          id: 'status',
          header: t('columns.status'),
          cell: (info) => {
            const order = info.row.original;
            return (
              <span className="queue-status-cell">
                <QueueStatus status={order.status} label={t(`withdrawalStatus.${order.status}`)} />
                {order.status === 'rejected' && order.rejectReason && (
                  <span className="queue-muted">{t('reasonShown', { reason: order.rejectReason })}</span>
                )}
                <SecondApprovalNote order={order} />
                <WithdrawalAlerts order={order} />
              </span>
            );
          },
        }),
        // When it was asked for and, once paid or refused, when: one column, so the table keeps its width.
        col.accessor('createdAt', {
          id: 'createdAt',
          header: t('columns.created'),
          enableSorting: true,
          cell: (info) => {
            const decided = info.row.original.decidedAt;
            return (
              <span className="queue-bank">
                <CreatedCell iso={info.getValue()} now={now} time={time} />
                <ReviewOverdueNote order={info.row.original} />
                {decided && (
                  <span className="queue-muted">
                    {t('columns.decided')}:{' '}
                    <time dateTime={decided} title={time.full.format(new Date(decided))}>
                      {time.date.format(new Date(decided))}
                    </time>
                  </span>
                )}
              </span>
            );
          },
        }),
        col.accessor('proofCount', {
          id: 'proofs',
          header: t('columns.proofs'),
          meta: { numeric: true },
          // The count opens the images: beside the figure it explains, and the actions column stays narrow.
          cell: (info) => {
            const order = info.row.original;
            if (order.proofCount === 0) return 0;
            return (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('withdrawals.viewProofsFor', {
                  count: order.proofCount,
                  id: order.id,
                  account: order.account,
                })}
                onClick={() => setViewing(order)}
              >
                {t('withdrawals.viewProofs', { count: order.proofCount })}
              </Button>
            );
          },
        }),
        col.display({
          id: 'actions',
          header: t('columns.actions'),
          cell: (info) => {
            const order = info.row.original;
            const names = { id: order.id, account: order.account };
            const buttons = [];
            // The operator who asked a waiting approval may still reject, never complete it.
            const isOwnRequest = order.secondApproval !== null && order.secondApproval.askedBy === myId;
            if (order.status === 'pending' && canDecide) {
              if (isOwnRequest) {
                buttons.push(
                  <span key="own" className="queue-muted">
                    {t('withdrawals.ownRequest')}
                  </span>,
                );
              } else {
                buttons.push(
                  <Button
                    key="approve"
                    size="sm"
                    variant="money"
                    aria-label={t(
                      order.secondApproval ? 'withdrawals.approveSecondFor' : 'withdrawals.approveFor',
                      names,
                    )}
                    onClick={() => setDeciding({ order, action: 'approve' })}
                  >
                    {t(order.secondApproval ? 'withdrawals.approveSecond' : 'withdrawals.approve')}
                  </Button>,
                );
              }
              buttons.push(
                <Button
                  key="reject"
                  size="sm"
                  variant="secondary"
                  aria-label={t('withdrawals.rejectFor', names)}
                  onClick={() => setDeciding({ order, action: 'reject' })}
                >
                  {t('withdrawals.reject')}
                </Button>,
              );
            }
            if (order.status === 'disputed' && canResolve) {
              buttons.push(
                <Button
                  key="resolve"
                  size="sm"
                  variant="secondary"
                  aria-label={t('withdrawals.resolveFor', names)}
                  onClick={() => setDeciding({ order, action: 'resolve' })}
                >
                  {t('withdrawals.resolve')}
                </Button>,
              );
            }
            if (buttons.length > 0) return <span className="queue-actions">{buttons}</span>;
            return <span className="queue-muted">{order.status === 'pending' ? t('readOnly') : t('noAction')}</span>;
          },
        }),
      ]),
    [t, locale, canDecide, canResolve, myId, now, time],
  );

  const toolbar = (
    <div className="filter-bar filter-bar--end queue-filters" role="group" aria-label={t('filters.label')}>
      <SelectFilter
        label={t('filters.status')}
        value={filters.status ?? 'pending'}
        options={filterOptions(STATUSES, (s) => t(`withdrawalStatus.${s}`), t('filters.allStatuses'))}
        onChange={(value) => setFilter('status', value)}
      />
      <SelectFilter
        label={t('withdrawals.alertFilter')}
        value={filters.alert ?? ALL}
        options={filterOptions(ALERTS, (a) => t(`withdrawals.alertKinds.${a}`), t('withdrawals.alertFilterAll'))}
        onChange={(value) => setFilter('alert', value)}
      />
    </div>
  );

  const close = () => {
    setDeciding(null);
    approve.reset();
    reject.reset();
    resolve.reset();
  };

  return (
    <section className="page queues-page" aria-labelledby="withdrawals-title">
      <div className="page-header">
        <h1 id="withdrawals-title">{t('withdrawals.title')}</h1>
      </div>
      <p>{t('withdrawals.intro')}</p>
      <DataTable
        caption={t('withdrawals.caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        csv={{ path: '/ops/withdrawals/csv', filename: t('withdrawals.csvFilename') }}
        toolbar={toolbar}
        emptyTitle={t('withdrawals.empty')}
      />
      {deciding && (
        <DecisionDialog
          decision={deciding}
          mutations={{ approve, reject, resolve }}
          onClose={close}
          onStale={() => void list.refetch()}
        />
      )}
      <ProofsDialog order={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}

/** The order's amount in its currency, with the site's minor-unit digits (a withdrawal carries no scale of its own). */
function orderAmount(order: OpsWithdrawalOrder, locale: string): string {
  return formatMoney(order.amountMinor, locale, { currency: order.currency, scale: SITE_MONEY.scale });
}

type Mutation<TVariables> = {
  mutateAsync: (variables: TVariables) => Promise<unknown>;
  isPending: boolean;
  errorMessage: string | null;
};

/** The confirm-with-reason dialog of one decision: what changes, and who reads the text. */
function DecisionDialog({
  decision: { order, action },
  mutations,
  onClose,
  onStale,
}: {
  decision: Decision;
  mutations: {
    approve: Mutation<{ id: string; reason: string }>;
    reject: Mutation<{ id: string; reason: string }>;
    resolve: Mutation<{ id: string; note: string }>;
  };
  onClose: () => void;
  onStale: () => void;
}) {
  const { t, i18n } = useTranslation('queues');
  const amount = orderAmount(order, localeTag(i18n.language));
  const names = { id: order.id, account: order.account, amount };
  const mutation = mutations[action];
  const run = (text: string) =>
    action === 'resolve'
      ? mutations.resolve.mutateAsync({ id: order.id, note: text })
      : mutations[action].mutateAsync({ id: order.id, reason: text });
  const after = { approve: 'approved', reject: 'rejected', resolve: 'completed' } as const;
  const changes: PlannedChange[] = [
    { label: t('columns.amount'), after: amount },
    ...(action === 'approve'
      ? [
          {
            label: t('withdrawals.payTo'),
            after: (
              <span className="queue-bank">
                <span>{order.bankName}</span>
                <code>{order.accountNumber}</code>
                {/* A PIX withdrawal is paid to the key itself. */}
                {order.pixKey && (
                  <code>
                    PIX {order.pixKeyType}: {order.pixKey}
                  </code>
                )}
                <span>{order.holderName}</span>
              </span>
            ),
          },
        ]
      : []),
    ...(order.secondApproval && order.status === 'pending'
      ? [{ label: t('withdrawals.secondApproval'), after: <SecondApprovalNote order={order} /> }]
      : []),
    ...(order.alerts.length > 0 ? [{ label: t('withdrawals.alerts'), after: <WithdrawalAlerts order={order} /> }] : []),
    {
      label: t('columns.status'),
      before: t(`withdrawalStatus.${order.status}`),
      after: t(`withdrawalStatus.${after[action]}`),
    },
  ];
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t(`withdrawals.${action}Title`, names)}
      description={t(
        action === 'approve' && order.secondApproval
          ? 'withdrawals.approveSecondEffect'
          : `withdrawals.${action}Effect`,
        names,
      )}
      changes={changes}
      confirmLabel={t(`withdrawals.${action}`)}
      reasonLabel={action === 'resolve' ? t('withdrawals.note') : undefined}
      reasonHint={
        action === 'resolve'
          ? t('withdrawals.noteHint')
          : action === 'reject'
            ? t('withdrawals.rejectReasonHint')
            : undefined
      }
      danger={action === 'approve'}
      onConfirm={(text) =>
        run(text).catch((error: unknown) => {
          if (STALE_CODES.some((code) => isApiError(error, code))) onStale();
          throw error;
        })
      }
      isPending={mutation.isPending}
      errorMessage={mutation.errorMessage}
    />
  );
}
