import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import {
  BARRED_CHECKS,
  BARRED_HIT_STATUSES,
  settleBarredHitBodySchema,
  type BarredHit,
} from '@wps/shared/schemas/identity';
import { DataTable, dataColumns } from '../../../components/data-table';
import { ReasonField } from '../../../components/reason-field';
import { ALL, SelectFilter } from '../../../components/select-filter';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useBarredHits } from '../api/barred-hits';
import { useSettleBarredHit } from '../api/settle-barred-hit';
import { ContactsCell, WindowCell } from './barred-contacts';
import { RefundAction, RefundLink } from './barred-refund';
import './barred-list.css';

const col = dataColumns<BarredHit>();
const FILTER_KEYS = ['check', 'status'];

/**
 * Barred-persons hits (players.read; docs/compliance.md, "Barred persons"): every time the
 * regulator's list refused a CPF, at sign-up, at a day's first login or in the 15-day sweep, with
 * the CPF masked and a member's balance. A barred member's money goes back as a PIX payout to a
 * key of their own (the refund, opened here, approved in the withdrawal queue, linked from the
 * hit); once it is paid an operator who approves adjustments records the settlement here with a
 * note (audited).
 */
export function BarredHitsPage() {
  const { t, i18n } = useTranslation('barred-list');
  const canSettle = useCan('adjustments.approve');
  const money = useFormatMoney();
  const params = useListParams({ filterKeys: FILTER_KEYS, defaultOrder: 'desc' });
  const check = params.filters.check ?? ALL;
  const status = params.filters.status ?? ALL;
  const query = useMemo(() => {
    const q = params.toQuery();
    for (const [key, value] of [
      ['check', check],
      ['status', status],
    ] as const) {
      if (value === ALL) q.delete(key);
      else q.set(key, value);
    }
    return q;
  }, [params, check, status]);
  const list = useBarredHits(query);
  const [settling, setSettling] = useState<BarredHit | null>(null);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = t('hits.documentTitle');
  }, [t]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('id', {
          id: 'id',
          header: t('hits.columns.id'),
          meta: { rowHeader: true },
          cell: (info) => info.getValue(),
        }),
        // Who: the account (or none, for a sign-up refused) with the CPF under it.
        col.accessor('account', {
          id: 'account',
          header: t('hits.columns.player'),
          cell: (info) => (
            <span className="barred-stack">
              {info.row.original.memberId ? (
                <Link to={`/players/${info.row.original.memberId}`}>{info.getValue()}</Link>
              ) : (
                <span className="barred-muted">{t('hits.noAccount')}</span>
              )}
              <span className="barred-cpf">{info.row.original.cpfMasked}</span>
            </span>
          ),
        }),
        // Why and where: the list's reason, and the check that found it (sign-up, the day's first access, the sweep).
        col.accessor('reason', {
          id: 'reason',
          header: t('hits.columns.reason'),
          cell: (info) => (
            <span className="barred-stack">
              <span>{t(`reasons.${info.getValue()}`)}</span>
              <span className="barred-muted">{t(`checks.${info.row.original.check}`)}</span>
            </span>
          ),
        }),
        col.accessor('checkedAt', {
          id: 'checkedAt',
          header: t('hits.columns.when'),
          cell: (info) => <time dateTime={info.getValue()}>{dates.format(new Date(info.getValue()))}</time>,
        }),
        col.accessor('balanceMinor', {
          id: 'balance',
          header: t('hits.columns.balance'),
          meta: { numeric: true },
          cell: (info) => (info.getValue() === null ? '—' : money(info.getValue() ?? '0')),
        }),
        // The follow-up a member hit asks for (IN SPA/MF 31/2025), in one column so the table fits a
        // laptop: the withdrawal window and refund deadline, the refund's payout, every contact made.
        col.display({
          id: 'followUp',
          header: t('hits.columns.followUp'),
          cell: (info) => (
            <span className="barred-stack">
              <WindowCell hit={info.row.original} />
              <RefundLink hit={info.row.original} />
              <ContactsCell hit={info.row.original} />
            </span>
          ),
        }),
        col.accessor('status', {
          id: 'status',
          header: t('hits.columns.status'),
          cell: (info) => (
            <span
              className={`barred-status barred-status--${info.getValue()}`}
              title={info.row.original.settlementNote ?? undefined}
            >
              {t(`statuses.${info.getValue()}`)}
            </span>
          ),
        }),
        col.display({
          id: 'actions',
          header: t('hits.columns.actions'),
          cell: (info) => {
            const hit = info.row.original;
            if (hit.status === 'settled') return <span className="barred-note">{hit.settlementNote}</span>;
            if (hit.status !== 'open') return null;
            return (
              <div className="barred-actions">
                <RefundAction hit={hit} />
                {canSettle ? (
                  <Button
                    size="sm"
                    aria-label={t('hits.settleFor', { id: hit.id, account: hit.account ?? '' })}
                    onClick={() => setSettling(hit)}
                  >
                    {t('hits.settle')}
                  </Button>
                ) : null}
              </div>
            );
          },
        }),
      ]),
    [t, dates, money, canSettle],
  );

  const options = (values: readonly string[], group: 'checks' | 'statuses') =>
    [ALL, ...values].map((value) => ({ value, label: value === ALL ? t('filters.all') : t(`${group}.${value}`) }));
  const toolbar = (
    <div className="filter-bar">
      <SelectFilter
        label={t('filters.check')}
        value={check}
        options={options(BARRED_CHECKS, 'checks')}
        onChange={(value) => params.setFilters({ check: value === ALL ? null : value })}
      />
      <SelectFilter
        label={t('filters.status')}
        value={status}
        options={options(BARRED_HIT_STATUSES, 'statuses')}
        onChange={(value) => params.setFilters({ status: value === ALL ? null : value })}
      />
    </div>
  );

  return (
    <section className="page" aria-labelledby="barred-hits-title">
      <div className="page-header">
        <h1 id="barred-hits-title">{t('hits.title')}</h1>
      </div>
      <p>{t('hits.intro')}</p>
      <DataTable
        caption={t('hits.caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        emptyTitle={t('hits.empty')}
      />
      {settling && <SettleDialog hit={settling} onClose={() => setSettling(null)} />}
    </section>
  );
}

/** Record how a barred member's balance was settled: the note names the refund's payment (or why nothing was owed). */
function SettleDialog({ hit, onClose }: { hit: BarredHit; onClose: () => void }) {
  const { t } = useTranslation('barred-list');
  const money = useFormatMoney();
  const settle = useSettleBarredHit((done) => t('hits.settled', { account: done.account ?? '' }));
  const form = useForm<{ note: string }>({
    resolver: zodResolver(settleBarredHitBodySchema),
    defaultValues: { note: '' },
  });
  const submit = form.handleSubmit(async ({ note }) => {
    try {
      await settle.mutateAsync({ id: hit.id, note });
      onClose();
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('hits.dialogTitle', { account: hit.account ?? '' })}
      closable={!settle.isPending}
    >
      <form onSubmit={submit} noValidate className="barred-form">
        <p>{t('hits.dialogBalance', { balance: money(hit.balanceMinor ?? '0') })}</p>
        <p className="barred-muted">{t('hits.dialogHelp')}</p>
        <ReasonField
          label={t('hits.noteLabel')}
          hint={t('hits.noteHint')}
          required
          error={form.formState.errors.note ? t('hits.noteError') : undefined}
          registration={form.register('note')}
          rows={3}
          maxLength={500}
        />
        <FormError message={settle.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={settle.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={settle.isPending}>
            {t('hits.confirmSettle')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
