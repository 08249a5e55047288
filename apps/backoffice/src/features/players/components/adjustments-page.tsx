import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { Adjustment } from '@wps/shared/schemas/player-actions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useMe } from '../../../lib/api/get-me';
import { useAdjustments, useDecideAdjustment } from '../api/adjustments';
import { useCursorStack } from './keyset-table';
import { ThresholdSetting } from './threshold-setting';
import './players.css';

/**
 * Manual adjustments waiting for a second operator (four eyes), and the decided ones. An operator
 * never decides their own request; the server refuses it too.
 */
export function AdjustmentsPage() {
  const { t, i18n } = useTranslation('players');
  const formatMoney = useFormatMoney();
  const me = useMe();
  const canApprove = useCan('adjustments.approve');
  const [status, setStatus] = useState<'pending' | 'posted' | 'rejected'>('pending');
  const pages = useCursorStack();
  const list = useAdjustments({ status, cursor: pages.cursor });
  const [deciding, setDeciding] = useState<{ adjustment: Adjustment; decision: 'approve' | 'reject' } | null>(null);
  const decide = useDecideAdjustment((a) =>
    t(a.status === 'posted' ? 'adjustments.approved' : 'adjustments.rejected', { id: a.id }),
  );
  const time = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'short',
    timeStyle: 'short',
  });

  useEffect(() => {
    document.title = t('adjustments.documentTitle');
  }, [t]);

  return (
    <section className="page" aria-labelledby="adjustments-title">
      <div className="page-header">
        <h1 id="adjustments-title">{t('adjustments.title')}</h1>
      </div>
      <p>{t('adjustments.intro')}</p>
      <ThresholdSetting />
      <div className="field adjustments-filter">
        <label className="field__label" htmlFor="adjustments-status">
          {t('columns.status')}
        </label>
        <select
          id="adjustments-status"
          className="field__input"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as typeof status);
            pages.reset();
          }}
        >
          {(['pending', 'posted', 'rejected'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`adjustmentStatus.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <LoadingState label={t('loading')} />
      ) : list.isError ? (
        <ErrorState message={errorText(t, list.error)} />
      ) : list.data.list.length === 0 ? (
        <EmptyState title={t('adjustments.none')} />
      ) : (
        <TableScroll label={t('adjustments.title')}>
          <table className="data-table">
            <caption className="visually-hidden">{t('adjustments.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.player')}</th>
                <th scope="col" className="is-numeric">
                  {t('columns.amount')}
                </th>
                <th scope="col">{t('forms.kind')}</th>
                <th scope="col">{t('columns.actions')}</th>
                <th scope="col">{t('adjustments.requestedBy')}</th>
                <th scope="col">{t('columns.reason')}</th>
                <th scope="col">{t('columns.time')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((a) => {
                const own = me.data !== undefined && String(me.data.operatorId) === a.requestedBy;
                return (
                  <tr key={a.id}>
                    <th scope="row">
                      <Link to={`/players/${a.memberId}`}>{a.account}</Link>
                    </th>
                    <td className="is-numeric">
                      {t(`directions.${a.direction}`)}{' '}
                      {formatMoney(a.amountMinor, { currency: a.currency, scale: SITE_MONEY.scale })}
                    </td>
                    <td>{t(`kinds.${a.kind}`)}</td>
                    <td>
                      {a.status !== 'pending' ? (
                        t(`adjustmentStatus.${a.status}`)
                      ) : own ? (
                        <>
                          <WaitReasons adjustment={a} />
                          <span>{t('adjustments.ownRequest')}</span>
                        </>
                      ) : canApprove ? (
                        <span className="row-actions">
                          <WaitReasons adjustment={a} />
                          <Button
                            size="sm"
                            variant="money"
                            aria-label={t('adjustments.approveFor', { account: a.account, id: a.id })}
                            onClick={() => setDeciding({ adjustment: a, decision: 'approve' })}
                          >
                            {t('adjustments.approve')}
                          </Button>
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={t('adjustments.rejectFor', { account: a.account, id: a.id })}
                            onClick={() => setDeciding({ adjustment: a, decision: 'reject' })}
                          >
                            {t('adjustments.reject')}
                          </Button>
                        </span>
                      ) : null}
                    </td>
                    <td>{a.requestedByName ?? a.requestedBy}</td>
                    <td>{a.reason}</td>
                    <td>{time.format(new Date(a.requestedAt))}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav className="keyset-table__pager" aria-label={t('pagerLabel', { list: t('adjustments.title') })}>
        <Button variant="secondary" size="sm" disabled={pages.depth === 0} onClick={pages.newer}>
          {t('newer')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!list.data?.nextCursor}
          onClick={() => list.data?.nextCursor && pages.older(list.data.nextCursor)}
        >
          {t('older')}
        </Button>
      </nav>
      {deciding && (
        <ConfirmDialog
          open
          onClose={() => setDeciding(null)}
          title={t(deciding.decision === 'approve' ? 'adjustments.approveTitle' : 'adjustments.rejectTitle', {
            account: deciding.adjustment.account,
          })}
          description={t(deciding.decision === 'approve' ? 'adjustments.approveEffect' : 'adjustments.rejectEffect')}
          changes={[
            {
              label: t('columns.amount'),
              after: `${t(`directions.${deciding.adjustment.direction}`)} ${formatMoney(deciding.adjustment.amountMinor, { currency: deciding.adjustment.currency, scale: SITE_MONEY.scale })}`,
            },
            {
              label: t('columns.status'),
              before: t('adjustmentStatus.pending'),
              after: t(deciding.decision === 'approve' ? 'adjustmentStatus.posted' : 'adjustmentStatus.rejected'),
            },
          ]}
          confirmLabel={t(deciding.decision === 'approve' ? 'adjustments.approve' : 'adjustments.reject')}
          danger={deciding.decision === 'approve'}
          onConfirm={(reason) =>
            decide.mutateAsync({ id: deciding.adjustment.id, decision: deciding.decision, reason })
          }
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
    </section>
  );
}

/** Which thresholds of the operator money policy a waiting adjustment passed when it was asked. */
function WaitReasons({ adjustment }: { adjustment: Adjustment }) {
  const { t } = useTranslation('players');
  if (adjustment.waitReasons.length === 0) return null;
  return (
    <span className="adjustment-wait">
      {adjustment.waitReasons.map((reason) => t(`adjustments.waitReason.${reason}`)).join(' · ')}
    </span>
  );
}
