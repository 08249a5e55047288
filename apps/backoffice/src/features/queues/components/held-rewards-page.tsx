import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { OpsGrant } from '@wps/shared/schemas/rewards';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { isApiError } from '../../../lib/api-client';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { formatMoney, SITE_MONEY } from '../../../lib/money';
import { useMe } from '../../../lib/api/get-me';
import { useCan } from '../../../lib/permissions';
import { useHeldRewardsQueue } from '../api/held-rewards-queue';
import { useResolveHeldReward, type HeldRewardAction } from '../api/resolve-held-reward';
import { CreatedCell, PlayerLink, useNow, useQueueTime } from './queue-cells';
import './queues.css';

const col = dataColumns<OpsGrant>();

/** A cash grant's amount in its currency; other kinds are counts (points, tickets). */
function amountOf(grant: OpsGrant, locale: string): string {
  return grant.kind === 'cash' || grant.kind === 'bonus'
    ? formatMoney(grant.amount, locale, { currency: grant.currency, scale: SITE_MONEY.scale })
    : grant.amount;
}

/**
 * Rewards held for review (rewards.read): grants the engine did not pay because they looked
 * abused (a referral whose two accounts share an address, a browser, a phone, a bank account or a
 * payee name). An operator who may change rewards releases one (paid now) or rejects it, with a
 * reason the engine audits; the player sees a rejection's reason. A release of money above the
 * operator money policy's thresholds waits for a second operator: the row says so, with who asked
 * and why; an operator holding adjustments.approve other than the asker completes it.
 */
export function HeldRewardsPage() {
  const { t, i18n } = useTranslation('queues');
  const locale = localeTag(i18n.language);
  const canResolve = useCan('rewards.write');
  const canApprove = useCan('adjustments.approve');
  const me = useMe();
  const myId = me.data === undefined ? null : String(me.data.operatorId);
  const now = useNow();
  const time = useQueueTime();
  const params = useListParams({ filterKeys: [], defaultSort: 'createdAt' });
  const list = useHeldRewardsQueue();
  const [resolving, setResolving] = useState<{ grant: OpsGrant; action: HeldRewardAction } | null>(null);
  const resolve = useResolveHeldReward((grant) =>
    t(
      grant.status === 'paid'
        ? 'heldRewards.released'
        : grant.status === 'held'
          ? 'heldRewards.releaseWaits'
          : 'heldRewards.rejected',
      { id: grant.id },
    ),
  );

  useEffect(() => {
    document.title = t('heldRewards.documentTitle');
  }, [t]);

  const reasonsOf = useCallback(
    (grant: OpsGrant) =>
      (grant.holdReason ?? '')
        .split(',')
        .filter(Boolean)
        .map((r) => t(`heldRewards.reasons.${r}`, { defaultValue: r })),
    [t],
  );

  const columns = useMemo(() => {
    return col.columns([
      col.accessor('id', {
        id: 'id',
        header: t('columns.reward'),
        meta: { rowHeader: true },
        cell: (info) => info.getValue(),
      }),
      col.accessor('memberId', {
        id: 'player',
        header: t('columns.player'),
        cell: (info) => <PlayerLink memberId={info.getValue()} account={`#${info.getValue()}`} />,
      }),
      col.accessor('source', {
        id: 'source',
        header: t('columns.source'),
        cell: (info) => t(`heldRewards.sources.${info.getValue()}`, { defaultValue: info.getValue() }),
      }),
      col.accessor('amount', {
        id: 'amount',
        header: t('columns.amount'),
        meta: { numeric: true },
        cell: (info) => amountOf(info.row.original, locale),
      }),
      col.accessor('holdReason', {
        id: 'holdReason',
        header: t('columns.holdReason'),
        cell: (info) => <span className="queue-wrap">{reasonsOf(info.row.original).join(', ') || '—'}</span>,
      }),
      col.accessor('createdAt', {
        id: 'createdAt',
        header: t('columns.created'),
        cell: (info) => <CreatedCell iso={info.getValue()} now={now} time={time} />,
      }),
      col.display({
        id: 'actions',
        header: t('columns.actions'),
        cell: (info) => {
          const grant = info.row.original;
          if (grant.releaseAskedBy !== null)
            return (
              <WaitingRelease
                grant={grant}
                isOwn={grant.releaseAskedBy === myId}
                canApprove={canApprove}
                canReject={canResolve}
                onAction={(action) => setResolving({ grant, action })}
              />
            );
          if (!canResolve) return <span className="queue-muted">{t('readOnly')}</span>;
          return (
            <span className="queue-actions">
              <Button
                size="sm"
                aria-label={t('heldRewards.releaseFor', { id: grant.id })}
                onClick={() => setResolving({ grant, action: 'release' })}
              >
                {t('heldRewards.release')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('heldRewards.rejectFor', { id: grant.id })}
                onClick={() => setResolving({ grant, action: 'reject' })}
              >
                {t('heldRewards.reject')}
              </Button>
            </span>
          );
        },
      }),
    ]);
  }, [t, locale, canResolve, canApprove, myId, now, time, reasonsOf]);

  const close = () => {
    setResolving(null);
    resolve.reset();
  };

  return (
    <section className="page queues-page" aria-labelledby="held-rewards-title">
      <div className="page-header">
        <h1 id="held-rewards-title">{t('heldRewards.title')}</h1>
      </div>
      <p>{t('heldRewards.intro')}</p>
      <DataTable
        caption={t('heldRewards.caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        emptyTitle={t('heldRewards.empty')}
      />
      {resolving && (
        <ConfirmDialog
          open
          onClose={close}
          title={t(`heldRewards.${resolving.action}Title`, { id: resolving.grant.id })}
          description={t(`heldRewards.${resolving.action}Effect`)}
          changes={[
            { label: t('columns.amount'), after: amountOf(resolving.grant, locale) },
            { label: t('columns.holdReason'), after: reasonsOf(resolving.grant).join(', ') || '—' },
          ]}
          confirmLabel={t(`heldRewards.${resolving.action}`)}
          danger={resolving.action !== 'reject'}
          onConfirm={(reason) =>
            resolve
              .mutateAsync({ id: resolving.grant.id, action: resolving.action, reason })
              .catch((error: unknown) => {
                // Resolved meanwhile by another operator: show the queue as it is now.
                if (isApiError(error, 'GRANT_NOT_HELD')) void list.refetch();
                throw error;
              })
          }
          isPending={resolve.isPending}
          errorMessage={resolve.errorMessage}
        />
      )}
    </section>
  );
}

/** A release waiting for a second operator: why, who asked, and the decision another operator may take. */
function WaitingRelease({
  grant,
  isOwn,
  canApprove,
  canReject,
  onAction,
}: {
  grant: OpsGrant;
  isOwn: boolean;
  canApprove: boolean;
  canReject: boolean;
  onAction: (action: HeldRewardAction) => void;
}) {
  const { t } = useTranslation('queues');
  return (
    <span className="queue-wrap">
      <span className="queue-waiting" role="note">
        <strong>{t('heldRewards.waiting')}</strong> {t('heldRewards.askedBy', { id: grant.releaseAskedBy })}{' '}
        {grant.releaseWaitReasons.map((r) => t(`heldRewards.waitReasons.${r}`)).join(' ')}
      </span>
      {isOwn ? (
        <span className="queue-muted"> {t('heldRewards.ownRequest')}</span>
      ) : (
        <span className="queue-actions">
          {canApprove && (
            <Button
              size="sm"
              aria-label={t('heldRewards.approveFor', { id: grant.id })}
              onClick={() => onAction('approve')}
            >
              {t('heldRewards.approve')}
            </Button>
          )}
          {canReject && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('heldRewards.rejectFor', { id: grant.id })}
              onClick={() => onAction('reject')}
            >
              {t('heldRewards.reject')}
            </Button>
          )}
        </span>
      )}
    </span>
  );
}
