import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { REDEMPTION_STATUSES, type OpsRedemption } from '@wps/shared/schemas/points';
import { ALL, SelectFilter } from '../../../components/select-filter';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useCan } from '../../../lib/permissions';
import { useDecideRedemption, useRedemptions } from '../api/redemptions';
import './loyalty.css';

const col = dataColumns<OpsRedemption>();
const FILTER_KEYS = ['status'];

type Deciding = { redemption: OpsRedemption; decision: 'approve' | 'reject' };

/**
 * The points mall's redeem queue (loyalty.read): redemptions in process first, oldest first. An
 * operator who fulfils (loyalty.fulfil) approves one (the item was sent) or rejects it (the points
 * go back to the player), always with a reason for the audit log.
 */
export function RedemptionsPage() {
  const { t, i18n } = useTranslation('loyalty');
  const canDecide = useCan('loyalty.fulfil');
  const params = useListParams({ filterKeys: FILTER_KEYS, defaultOrder: 'asc' });
  const status = params.filters.status ?? 'in_process';
  const query = useMemo(() => {
    const q = params.toQuery();
    if (status === ALL) q.delete('status');
    else q.set('status', status);
    return q;
  }, [params, status]);
  const list = useRedemptions(query);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const decide = useDecideRedemption((input) =>
    t(input.decision === 'approve' ? 'queue.approved' : 'queue.rejected', { id: input.id }),
  );
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const numbers = useMemo(() => new Intl.NumberFormat(localeTag(i18n.language)), [i18n.language]);
  const nameOf = (r: OpsRedemption) => (i18n.language.startsWith('en') ? r.nameEn : r.namePt);

  useEffect(() => {
    document.title = t('queue.documentTitle');
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
          cell: (info) => <Link to={`/players/${info.row.original.memberId}`}>{info.getValue()}</Link>,
        }),
        col.display({ id: 'item', header: t('columns.item'), cell: (info) => nameOf(info.row.original) }),
        col.accessor('kind', { id: 'kind', header: t('columns.kind'), cell: (info) => t(`kinds.${info.getValue()}`) }),
        col.accessor('points', {
          id: 'points',
          header: t('columns.points'),
          meta: { numeric: true },
          cell: (info) => numbers.format(Number(info.getValue())),
        }),
        col.accessor('status', {
          id: 'status',
          header: t('columns.status'),
          cell: (info) => (
            <span className={`loyalty-status loyalty-status--${info.getValue()}`}>
              {t(`statuses.${info.getValue()}`)}
            </span>
          ),
        }),
        col.accessor('createdAt', {
          id: 'createdAt',
          header: t('columns.created'),
          cell: (info) => <time dateTime={info.getValue()}>{dates.format(new Date(info.getValue()))}</time>,
        }),
        col.display({
          id: 'actions',
          header: t('columns.actions'),
          cell: (info) => {
            const r = info.row.original;
            if (r.status !== 'in_process') return r.reason ?? '';
            if (!canDecide) return null;
            return (
              <span className="loyalty-actions">
                <Button
                  size="sm"
                  aria-label={t('queue.approveFor', { id: r.id, account: r.account })}
                  onClick={() => setDeciding({ redemption: r, decision: 'approve' })}
                >
                  {t('queue.approve')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('queue.rejectFor', { id: r.id, account: r.account })}
                  onClick={() => setDeciding({ redemption: r, decision: 'reject' })}
                >
                  {t('queue.reject')}
                </Button>
              </span>
            );
          },
        }),
      ]),
    // nameOf follows the language, which `t` changes with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, dates, numbers, canDecide],
  );

  const toolbar = (
    <div className="loyalty-filters">
      <SelectFilter
        label={t('filters.status')}
        value={status}
        options={[...REDEMPTION_STATUSES, ALL].map((value) => ({ value, label: t(`statuses.${value}`) }))}
        onChange={(value) => params.setFilters({ status: value === 'in_process' ? null : value })}
      />
    </div>
  );

  return (
    <section className="page" aria-labelledby="redemptions-title">
      <div className="page-header">
        <h1 id="redemptions-title">{t('queue.title')}</h1>
      </div>
      <p>{t('queue.intro')}</p>
      <DataTable
        caption={t('queue.caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        emptyTitle={t('queue.empty')}
      />
      {deciding && (
        <ConfirmDialog
          open
          onClose={() => setDeciding(null)}
          title={t(deciding.decision === 'approve' ? 'queue.approveTitle' : 'queue.rejectTitle', {
            account: deciding.redemption.account,
          })}
          description={t(deciding.decision === 'approve' ? 'queue.approveEffect' : 'queue.rejectEffect', {
            points: numbers.format(Number(deciding.redemption.points)),
          })}
          changes={[
            { label: t('columns.item'), after: nameOf(deciding.redemption) },
            {
              label: t('columns.status'),
              before: t('statuses.in_process'),
              after: t(deciding.decision === 'approve' ? 'statuses.approved' : 'statuses.rejected'),
            },
          ]}
          confirmLabel={t(deciding.decision === 'approve' ? 'queue.approve' : 'queue.reject')}
          danger={deciding.decision === 'reject'}
          onConfirm={(reason) =>
            decide.mutateAsync({ id: deciding.redemption.id, decision: deciding.decision, reason })
          }
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
    </section>
  );
}
