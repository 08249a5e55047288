import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { PayeeHold } from '@wps/shared/schemas/agent-settlement';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useHoldPayee } from '../api/hold-payee';
import { usePayeeHolds } from '../api/payee-holds';
import { useReleasePayee } from '../api/release-payee';
import { fetchAgentSearch } from '../api/search-agents';
import './agents.css';

/**
 * Held payees (agents.read): agents whose settlement statements wait unpaid, with what waits.
 * With agents.write: hold an agent named by its account, or release a hold (its held statements
 * are then paid, once), each with a reason.
 */
export function HoldsPage() {
  const { t, i18n } = useTranslation('agents');
  const canWrite = useCan('agents.write');
  const formatMoney = useFormatMoney();
  const [activeOnly, setActiveOnly] = useState(true);
  const holds = usePayeeHolds(activeOnly);
  const [account, setAccount] = useState('');
  const [holding, setHolding] = useState<{ id: string; account: string } | null>(null);
  const [unknown, setUnknown] = useState(false);
  const [releasing, setReleasing] = useState<PayeeHold | null>(null);
  const hold = useHoldPayee((h) => t('holds.held', { account: h.account }));
  const release = useReleasePayee((r) =>
    t('holds.released', { account: r.hold.account, count: r.paidStatements, amount: formatMoney(r.paidMinor) }),
  );
  const dates = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' });

  useEffect(() => {
    document.title = t('holds.documentTitle');
  }, [t]);

  const find = async () => {
    const wanted = account.trim().toLowerCase();
    const found = wanted === '' ? null : await fetchAgentSearch(wanted, true).catch(() => null);
    const hit = found?.list.find((m) => m.account.toLowerCase() === wanted);
    setUnknown(!hit);
    if (hit) setHolding({ id: hit.id, account: hit.account });
  };

  return (
    <section className="page agents-page" aria-labelledby="holds-title">
      <div className="page-header">
        <h1 id="holds-title">{t('holds.title')}</h1>
      </div>
      <p>{t('holds.intro')}</p>
      {canWrite && (
        <form
          className="agents-search"
          aria-label={t('holds.new')}
          onSubmit={(event) => {
            event.preventDefault();
            void find();
          }}
        >
          <div className="field agents-search__q">
            <label className="field__label" htmlFor="holds-account">
              {t('holds.account')}
            </label>
            <input
              id="holds-account"
              className="field__input"
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              aria-describedby={unknown ? 'holds-account-error' : undefined}
            />
            {unknown && (
              <p id="holds-account-error" className="field__error" role="alert">
                {t('move.uplineUnknown')}
              </p>
            )}
          </div>
          <Button type="submit">{t('holds.hold')}</Button>
        </form>
      )}
      <label className="agents-check">
        <input type="checkbox" checked={activeOnly} onChange={(e) => setActiveOnly(e.target.checked)} />
        {t('holds.activeOnly')}
      </label>
      {holds.isPending ? (
        <LoadingState label={t('loading')} />
      ) : holds.isError ? (
        <ErrorState message={errorText(t, holds.error)} />
      ) : holds.data.length === 0 ? (
        <EmptyState title={t('holds.none')} />
      ) : (
        <TableScroll label={t('holds.title')}>
          <table className="data-table plain-table agents-table">
            <caption className="visually-hidden">{t('holds.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('holds.columns.payee')}</th>
                <th scope="col">{t('holds.columns.since')}</th>
                <th scope="col">{t('holds.columns.reason')}</th>
                <th scope="col" className="num">
                  {t('holds.columns.waiting')}
                </th>
                <th scope="col">{t('holds.columns.released')}</th>
                {canWrite && <th scope="col">{t('holds.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {holds.data.map((h) => (
                <tr key={h.id} data-payee={h.account}>
                  <th scope="row">{h.account}</th>
                  <td>
                    <time dateTime={h.createdAt}>{dates.format(new Date(h.createdAt))}</time>
                  </td>
                  <td>{h.reason}</td>
                  <td className="num">
                    {t('holds.waiting', { count: h.heldStatements, amount: formatMoney(h.heldMinor) })}
                  </td>
                  <td>{h.releasedAt ? `${dates.format(new Date(h.releasedAt))} · ${h.releaseReason ?? ''}` : '—'}</td>
                  {canWrite && (
                    <td>
                      {!h.releasedAt && (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setReleasing(h)}
                          aria-label={t('holds.releaseFor', { account: h.account })}
                        >
                          {t('holds.release')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {holding && (
        <ConfirmDialog
          open
          danger
          onClose={() => setHolding(null)}
          title={t('holds.holdTitle', { account: holding.account })}
          description={t('holds.holdDescription')}
          confirmLabel={t('holds.hold')}
          onConfirm={(reason) => hold.mutateAsync({ memberId: holding.id, reason })}
          isPending={hold.isPending}
          errorMessage={hold.errorMessage}
        />
      )}
      {releasing && (
        <ConfirmDialog
          open
          onClose={() => setReleasing(null)}
          title={t('holds.releaseTitle', { account: releasing.account })}
          description={t('holds.releaseDescription', {
            count: releasing.heldStatements,
            amount: formatMoney(releasing.heldMinor),
          })}
          confirmLabel={t('holds.release')}
          onConfirm={(reason) => release.mutateAsync({ holdId: releasing.id, reason })}
          isPending={release.isPending}
          errorMessage={release.errorMessage}
        />
      )}
    </section>
  );
}
