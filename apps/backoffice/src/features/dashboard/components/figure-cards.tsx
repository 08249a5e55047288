import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@wps/shared/schemas/reporting';
import { useFormatMoney } from '../../../lib/money';

/** The headline figures of one range, as a description list of cards. */
export function FigureCards({ title, id, data }: { title: string; id: string; data: Dashboard }) {
  const { t, i18n } = useTranslation('dashboard');
  const money = useFormatMoney();
  const format = { currency: data.currency, scale: data.scale };
  const count = (n: number) => n.toLocaleString(i18n.language);
  const items: [string, string][] = [
    [
      'deposits',
      `${money(data.deposits.amountMinor, format)} · ${t('orders', { count: data.deposits.count, formatted: count(data.deposits.count) })}`,
    ],
    [
      'withdrawals',
      `${money(data.withdrawals.amountMinor, format)} · ${t('orders', { count: data.withdrawals.count, formatted: count(data.withdrawals.count) })}`,
    ],
    ['netDeposits', money(data.netDepositsMinor, format)],
    ['bets', money(data.games.betsMinor, format)],
    ['wins', money(data.games.winsMinor, format)],
    ['ggr', money(data.games.ggrMinor, format)],
    ['newPlayers', count(data.newPlayers)],
    ['firstDeposits', count(data.firstDeposits)],
    ['activePlayers', count(data.activePlayers)],
  ];
  return (
    <section className="dash-cards" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl>
        {items.map(([key, value]) => (
          <div key={key} className="dash-card" data-figure={key}>
            <dt>{t(`figures.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
