import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMinor } from '@wps/shared/money';
import type { Dashboard } from '@wps/shared/schemas/reporting';
import { TableScroll } from '@wps/ui/table-scroll';
import { useFormatMoney } from '../../../lib/money';
import { formatDay, formatDayMonth } from '../../../lib/format-date';

/**
 * Money per day of the chosen range: a bar chart for the eye, and the same figures as a table
 * (the chart's text alternative, and what a screen reader or a copy needs).
 */
export function DailyChart({ data }: { data: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const money = useFormatMoney();
  const format = { currency: data.currency, scale: data.scale };
  const points = data.days.map((d) => ({
    day: formatDayMonth(d.day),
    deposits: Number(formatMinor(d.depositsMinor, data.scale)),
    withdrawals: Number(formatMinor(d.withdrawalsMinor, data.scale)),
    ggr: Number(formatMinor(d.ggrMinor, data.scale)),
  }));
  return (
    <section className="dash-daily" aria-labelledby="dash-daily-title">
      <h2 id="dash-daily-title">{t('daily.title')}</h2>
      <figure className="dash-chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
            <XAxis dataKey="day" stroke="var(--color-text-muted)" />
            <YAxis stroke="var(--color-text-muted)" />
            <Tooltip />
            <Legend />
            <Bar dataKey="deposits" name={t('figures.deposits')} fill="var(--color-accent)" />
            <Bar dataKey="withdrawals" name={t('figures.withdrawals')} fill="var(--color-danger)" />
            <Bar dataKey="ggr" name={t('figures.ggr')} fill="var(--color-success)" />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <TableScroll label={t('daily.tableLabel')}>
        <table className="dash-table">
          <caption className="visually-hidden">{t('daily.tableLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('daily.day')}</th>
              <th scope="col">{t('figures.deposits')}</th>
              <th scope="col">{t('figures.withdrawals')}</th>
              <th scope="col">{t('figures.bets')}</th>
              <th scope="col">{t('figures.wins')}</th>
              <th scope="col">{t('figures.ggr')}</th>
              <th scope="col">{t('figures.newPlayers')}</th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatDay(d.day)}</th>
                <td>{money(d.depositsMinor, format)}</td>
                <td>{money(d.withdrawalsMinor, format)}</td>
                <td>{money(d.betsMinor, format)}</td>
                <td>{money(d.winsMinor, format)}</td>
                <td>{money(d.ggrMinor, format)}</td>
                <td>{d.newPlayers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <TableScroll label={t('byCategory.title')}>
        <table className="dash-table" data-table="categories">
          <caption>{t('byCategory.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('byCategory.category')}</th>
              <th scope="col">{t('byCategory.rounds')}</th>
              <th scope="col">{t('figures.bets')}</th>
              <th scope="col">{t('figures.wins')}</th>
              <th scope="col">{t('figures.ggr')}</th>
            </tr>
          </thead>
          <tbody>
            {data.byCategory.map((c) => (
              <tr key={c.category}>
                <th scope="row" title={c.category}>
                  {t(`games:categories.${c.category}`, { defaultValue: c.category })}
                </th>
                <td>{c.rounds}</td>
                <td>{money(c.betsMinor, format)}</td>
                <td>{money(c.winsMinor, format)}</td>
                <td>{money(c.ggrMinor, format)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
