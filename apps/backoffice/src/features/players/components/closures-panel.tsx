import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '../../../lib/money';
import { usePlayerClosures } from '../api/player-closures';

/**
 * The player's account closings (docs/compliance.md, "Player rights"): when, the balance then, and
 * its way out: the withdrawal to the player's own PIX key (its number, in the withdrawal queue), or
 * the balance held for payout on request with its deadline. Nothing is shown for an account never
 * closed.
 */
export function ClosuresPanel({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation('players');
  const id = useId();
  const money = useFormatMoney();
  const closures = usePlayerClosures(memberId);
  const list = closures.data?.list ?? [];
  if (list.length === 0) return null;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  return (
    <section className="page-section" aria-labelledby={`${id}-title`} data-testid="player-closures">
      <h2 id={`${id}-title`}>{t('closures.title')}</h2>
      <table className="data-table plain-table">
        <caption className="visually-hidden">{t('closures.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('closures.closedAt')}</th>
            <th scope="col">{t('closures.balance')}</th>
            <th scope="col">{t('closures.payout')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((c) => (
            <tr key={c.id}>
              <td>{time(c.closedAt)}</td>
              <td>{money(c.balanceMinor)}</td>
              <td>
                {c.withdrawalId ? (
                  <Link to="/queues/withdrawals">{t('closures.withdrawal', { id: c.withdrawalId })}</Link>
                ) : c.payout === 'held' ? (
                  t('closures.held', {
                    reason: t(`closures.heldReasons.${c.heldReason ?? 'no_pix_key'}`),
                    until: c.payoutDueBy ? time(c.payoutDueBy) : '—',
                  })
                ) : (
                  t('closures.none')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
