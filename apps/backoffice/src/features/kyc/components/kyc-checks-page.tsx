import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { KYC_CHECK_STATUSES, KYC_IDENTITY_REASONS, type OpsKycCheck } from '@wps/shared/schemas/kyc';
import { ALL, SelectFilter } from '../../../components/select-filter';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useDecideKycCheck } from '../api/decide-kyc-check';
import { useKycChecks } from '../api/kyc-checks';
import './kyc.css';

const col = dataColumns<OpsKycCheck>();
const FILTER_KEYS = ['status'];

/** A reason the platform itself gives (the identity binding's), in the operator's words; an operator's own reason as typed. */
const isIdentityReason = (reason: string): reason is (typeof KYC_IDENTITY_REASONS)[number] =>
  (KYC_IDENTITY_REASONS as readonly string[]).includes(reason);

type Deciding = { check: OpsKycCheck; decision: 'passed' | 'failed' };

/**
 * Identity checks (kyc.review): the checks the provider sent to a person first, newest first.
 * An operator passes or fails one, always with a reason for the audit log; a passed check makes
 * the name read from the document the player's payee name (docs/compliance.md, "KYC").
 */
export function KycChecksPage() {
  const { t, i18n } = useTranslation('kyc');
  const params = useListParams({ filterKeys: FILTER_KEYS });
  const status = params.filters.status ?? 'review';
  const query = useMemo(() => {
    const q = params.toQuery();
    if (status === ALL) q.delete('status');
    else q.set('status', status);
    return q;
  }, [params, status]);
  const list = useKycChecks(query);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const decide = useDecideKycCheck((input) =>
    t(input.decision === 'passed' ? 'passedNotice' : 'failedNotice', { id: input.id }),
  );
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
        col.accessor('account', {
          id: 'account',
          header: t('columns.player'),
          cell: (info) => <Link to={`/players/${info.row.original.memberId}`}>{info.getValue()}</Link>,
        }),
        // A re-verification reads no name: it checks the face of an already verified player.
        col.accessor('fullName', {
          id: 'fullName',
          header: t('columns.fullName'),
          cell: (info) =>
            info.row.original.purpose === 'reverification' ? t('reverification') : (info.getValue() ?? '—'),
        }),
        col.accessor('status', {
          id: 'status',
          header: t('columns.status'),
          cell: (info) => (
            <span className={`kyc-status kyc-status--${info.getValue()}`}>{t(`statuses.${info.getValue()}`)}</span>
          ),
        }),
        col.accessor('reason', {
          id: 'reason',
          header: t('columns.reason'),
          cell: (info) => {
            // A pass the licence does not count (never compared with the CPF) says so where a reason would be.
            if (info.row.original.notBoundToCpf) return t('reasons.identity_unbound');
            const reason = info.getValue();
            if (reason === null) return '';
            return isIdentityReason(reason) ? t(`reasons.${reason}`) : reason;
          },
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
            const c = info.row.original;
            if (c.status !== 'review')
              return c.decidedBy ? t(c.decidedBy === 'provider' ? 'byProvider' : 'byOperator') : '';
            return (
              <span className="kyc-actions">
                <Button
                  size="sm"
                  aria-label={t('passFor', { id: c.id, account: c.account })}
                  onClick={() => setDeciding({ check: c, decision: 'passed' })}
                >
                  {t('pass')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('failFor', { id: c.id, account: c.account })}
                  onClick={() => setDeciding({ check: c, decision: 'failed' })}
                >
                  {t('fail')}
                </Button>
              </span>
            );
          },
        }),
      ]),
    [t, dates],
  );

  const toolbar = (
    <div className="filter-bar">
      <SelectFilter
        label={t('filters.status')}
        value={status}
        options={[...KYC_CHECK_STATUSES, ALL].map((value) => ({ value, label: t(`statuses.${value}`) }))}
        onChange={(value) => params.setFilters({ status: value === 'review' ? null : value })}
      />
    </div>
  );

  return (
    <section className="page" aria-labelledby="kyc-title">
      <div className="page-header">
        <h1 id="kyc-title">{t('title')}</h1>
      </div>
      <p>{t('intro')}</p>
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
      {deciding && (
        <ConfirmDialog
          open
          onClose={() => setDeciding(null)}
          title={t(deciding.decision === 'passed' ? 'passTitle' : 'failTitle', { account: deciding.check.account })}
          description={
            deciding.check.purpose === 'reverification'
              ? t(deciding.decision === 'passed' ? 'reverifyPassEffect' : 'reverifyFailEffect')
              : t(deciding.decision === 'passed' ? 'passEffect' : 'failEffect', {
                  name: deciding.check.fullName ?? '—',
                })
          }
          confirmLabel={t(deciding.decision === 'passed' ? 'pass' : 'fail')}
          danger={deciding.decision === 'failed'}
          onConfirm={(reason) => decide.mutateAsync({ id: deciding.check.id, decision: deciding.decision, reason })}
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
    </section>
  );
}
