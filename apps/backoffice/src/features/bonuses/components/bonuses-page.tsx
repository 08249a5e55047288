import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { BONUS_STATUSES, type OpsBonus } from '@wps/shared/schemas/bonus';
import { ALL, SelectFilter } from '../../../components/select-filter';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { SITE_MONEY, useFormatMoney, type MoneyFormat } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useCancelBonus } from '../api/cancel-bonus';
import { useBonusList } from '../api/list-bonuses';
import { BonusRequestsPanel } from './bonus-requests-panel';
import './bonuses.css';

const col = dataColumns<OpsBonus>();
const FILTER_KEYS = ['status', 'memberId'];

/** Wagering progress as a whole percent, capped at 100. */
function progressPercent(bonus: OpsBonus): number {
  const requirement = BigInt(bonus.requirementMinor);
  if (requirement === 0n) return 100;
  const done = BigInt(bonus.wageredMinor);
  return done >= requirement ? 100 : Number((done * 100n) / requirement);
}

/**
 * Players' bonuses (bonuses.read): filtered by status and player, each with its wagering progress;
 * an operator who may (bonuses.write) cancels a running one with a reason, which the audit log keeps.
 * Above the list, the bonuses given by hand that wait for a second operator (BonusRequestsPanel).
 */
export function BonusesPage() {
  const { t, i18n } = useTranslation('bonuses');
  const canWrite = useCan('bonuses.write');
  const formatMoney = useFormatMoney();
  const params = useListParams({ filterKeys: FILTER_KEYS });
  const status = params.filters.status ?? ALL;
  const memberId = params.filters.memberId ?? '';
  const [memberInput, setMemberInput] = useState(memberId);
  const query = useMemo(() => params.toQuery(), [params]);
  const list = useBonusList(query);
  const currency = list.data?.currency ?? SITE_MONEY.currency;
  const scale = list.data?.scale ?? SITE_MONEY.scale;
  const money: MoneyFormat = useMemo(() => ({ currency, scale }), [currency, scale]);
  const [cancelling, setCancelling] = useState<OpsBonus | null>(null);
  const cancel = useCancelBonus((input) => t('cancel.done', { id: input.id }));
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
          cell: (info) => info.getValue(),
        }),
        col.accessor('username', {
          id: 'player',
          header: t('columns.player'),
          cell: (info) => (
            <Link to={`/players/${info.row.original.memberId}`}>{info.getValue() ?? info.row.original.memberId}</Link>
          ),
        }),
        col.accessor('source', {
          id: 'source',
          header: t('columns.source'),
          cell: (info) => t(`sources.${info.getValue()}`, { defaultValue: info.getValue() }),
        }),
        col.accessor('amountMinor', {
          id: 'amount',
          header: t('columns.amount'),
          meta: { numeric: true },
          cell: (info) => formatMoney(info.getValue(), money),
        }),
        col.accessor('status', {
          id: 'status',
          header: t('columns.status'),
          cell: (info) => (
            <span className={`bonus-status bonus-status--${info.getValue()}`}>{t(`statuses.${info.getValue()}`)}</span>
          ),
        }),
        col.display({
          id: 'progress',
          header: t('columns.progress'),
          cell: (info) => {
            const bonus = info.row.original;
            const percent = progressPercent(bonus);
            return (
              <span className="bonus-progress">
                <progress max={100} value={percent} aria-label={t('progressOf', { id: bonus.id })} />
                <span>
                  {formatMoney(bonus.wageredMinor, money)} / {formatMoney(bonus.requirementMinor, money)}
                </span>
              </span>
            );
          },
        }),
        col.accessor('expiresAt', {
          id: 'expires',
          header: t('columns.expires'),
          cell: (info) => <time dateTime={info.getValue()}>{dates.format(new Date(info.getValue()))}</time>,
        }),
        col.display({
          id: 'outcome',
          header: t('columns.outcome'),
          meta: { numeric: true },
          cell: (info) => {
            const b = info.row.original;
            if (b.status === 'converted')
              return t('outcome.converted', { amount: formatMoney(b.convertedMinor, money) });
            if (b.endedAt) return t('outcome.returned', { amount: formatMoney(b.returnedMinor, money) });
            return '—';
          },
        }),
        col.display({
          id: 'actions',
          header: t('columns.actions'),
          cell: (info) => {
            const b = info.row.original;
            const isRunning = b.status === 'active' || b.status === 'queued';
            return canWrite && isRunning ? (
              <Button
                size="sm"
                variant="danger"
                aria-label={t('cancel.for', { id: b.id })}
                onClick={() => setCancelling(b)}
              >
                {t('cancel.button')}
              </Button>
            ) : null;
          },
        }),
      ]),
    [t, dates, canWrite, formatMoney, money],
  );

  const toolbar = (
    <div className="filter-bar filter-bar--end">
      <SelectFilter
        label={t('filters.status')}
        value={status}
        options={[ALL, ...BONUS_STATUSES].map((value) => ({ value, label: t(`statuses.${value}`) }))}
        onChange={(value) => params.setFilters({ status: value === ALL ? null : value })}
      />
      <form
        className="field"
        onSubmit={(event) => {
          event.preventDefault();
          params.setFilters({ memberId: /^\d+$/.test(memberInput.trim()) ? memberInput.trim() : null });
        }}
      >
        <label className="field__label" htmlFor="bonus-member">
          {t('filters.memberId')}
        </label>
        <input
          id="bonus-member"
          className="field__input"
          inputMode="numeric"
          value={memberInput}
          onChange={(event) => setMemberInput(event.target.value)}
        />
      </form>
    </div>
  );

  return (
    <section className="page" aria-labelledby="bonuses-title">
      <div className="page-header">
        <h1 id="bonuses-title">{t('title')}</h1>
      </div>
      <p>{t('intro')}</p>
      <BonusRequestsPanel />
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
      {cancelling && (
        <ConfirmDialog
          open
          danger
          onClose={() => setCancelling(null)}
          title={t('cancel.title', { id: cancelling.id })}
          description={t('cancel.description', { player: cancelling.username ?? cancelling.memberId })}
          confirmLabel={t('cancel.confirm')}
          onConfirm={(reason) => cancel.mutateAsync({ id: cancelling.id, reason })}
          isPending={cancel.isPending}
          errorMessage={cancel.errorMessage}
        />
      )}
    </section>
  );
}
