import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { PlayerProfile } from '@wps/shared/schemas/players';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney } from '../../../lib/money';
import { useBalances } from '../api/get-player';

/** The player's profile: identity, contacts, security state, registration and bound bank accounts. */
export function PlayerProfileTab({ player: p }: { player: PlayerProfile }) {
  const { t, i18n } = useTranslation('players');
  const time = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const facts: [string, string][] = [
    [t('columns.memberId'), p.memberId],
    [t('columns.nickname'), p.nickname ?? '—'],
    [t('columns.mobile'), p.mobile ?? '—'],
    [t('columns.email'), p.email ?? '—'],
    [t('columns.payeeName'), p.payeeName ?? '—'],
    [t('columns.paymentPassword'), p.hasPaymentPassword ? t('profile.set') : t('profile.notSet')],
    [t('columns.language'), p.language],
    [t('columns.upline'), p.uplineAccount ?? '—'],
    [t('columns.registered'), time.format(new Date(p.createdAt))],
    [t('columns.lastLogin'), p.lastLoginAt ? time.format(new Date(p.lastLoginAt)) : '—'],
    [t('columns.registerIp'), p.registerIp ?? '—'],
  ];
  return (
    <>
      <dl className="facts player-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            {/* The full value on hover too, for a long one broken over lines. */}
            <dd className="player-facts__value" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h2>{t('profile.bankAccounts')}</h2>
      {p.bankAccounts.length === 0 ? (
        <p>{t('profile.noBankAccounts')}</p>
      ) : (
        <TableScroll label={t('profile.bankAccounts')}>
          <table className="data-table">
            <caption className="visually-hidden">{t('profile.bankAccounts')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.accountNumber')}</th>
                <th scope="col">{t('columns.bank')}</th>
                <th scope="col">{t('columns.holder')}</th>
              </tr>
            </thead>
            <tbody>
              {p.bankAccounts.map((b) => (
                <tr key={b.id}>
                  <th scope="row">{b.accountNumber}</th>
                  <td>{b.bankName}</td>
                  <td>{b.holderName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

/** Every ledger account of the player with its balance. */
export function PlayerBalancesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('players');
  const formatMoney = useFormatMoney();
  const balances = useBalances(memberId);
  if (balances.isPending) return <LoadingState label={t('loading')} />;
  if (balances.isError) return <ErrorState message={errorText(t, balances.error)} />;
  const { scale } = balances.data;
  return (
    <TableScroll label={t('tabs.balances')}>
      <table className="data-table">
        <caption className="visually-hidden">{t('tabs.balances')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.account')}</th>
            <th scope="col" className="is-numeric">
              {t('columns.balance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {balances.data.accounts.map((a) => (
            <tr key={a.accountId}>
              <th scope="row">{t(`purposes.${a.purpose}`, { defaultValue: a.purpose })}</th>
              <td className="is-numeric" data-testid={`balance-${a.purpose}`}>
                {formatMoney(a.balanceMinor, { currency: a.currency, scale })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
