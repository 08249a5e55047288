import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { errorText } from '../../../lib/error-text';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useCrashMonitor } from '../api/crash-monitor';

/**
 * Crash, live (games.read): the open round's players and the stakes still flying (at risk), and
 * per recent round its crash point, players, stakes, payouts and the house's result. Read again
 * every 2 s while the tab is open.
 */
export function CrashMonitorPanel() {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const formatMoney = useFormatMoney();
  const monitor = useCrashMonitor();

  let body;
  if (monitor.isPending) body = <LoadingState label={t('loading')} />;
  else if (monitor.isError) body = <ErrorState message={errorText(tc, monitor.error)} />;
  else {
    const { round, rounds } = monitor.data;
    body = (
      <>
        <dl className="crash-monitor__now" data-testid="crash-monitor-now">
          <div>
            <dt>{t('crash.round')}</dt>
            <dd>{round ? `${round.roundNumber} · ${t(`crash.phases.${round.phase}`)}` : '—'}</dd>
          </div>
          <div>
            <dt>{t('crash.players')}</dt>
            <dd>{round?.players ?? 0}</dd>
          </div>
          <div>
            <dt>{t('crash.atRisk')}</dt>
            <dd className="is-numeric">{formatMoney(round?.atRiskMinor ?? '0', SITE_MONEY)}</dd>
          </div>
        </dl>
        {rounds.length === 0 ? (
          <EmptyState title={t('crash.empty')} />
        ) : (
          <TableScroll label={t('crash.caption')}>
            <table className="data-table">
              <caption className="visually-hidden">{t('crash.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('crash.round')}</th>
                  <th scope="col" className="is-numeric">
                    {t('crash.crashPoint')}
                  </th>
                  <th scope="col" className="is-numeric">
                    {t('crash.players')}
                  </th>
                  <th scope="col" className="is-numeric">
                    {t('crash.stakes')}
                  </th>
                  <th scope="col" className="is-numeric">
                    {t('crash.payouts')}
                  </th>
                  <th scope="col" className="is-numeric">
                    {t('crash.houseResult')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rounds.map((r) => (
                  <tr key={r.roundNumber}>
                    <th scope="row">{r.roundNumber}</th>
                    <td className="is-numeric">{(r.crashHundredths / 100).toFixed(2)}×</td>
                    <td className="is-numeric">{r.players}</td>
                    <td className="is-numeric">{formatMoney(r.stakeMinor, SITE_MONEY)}</td>
                    <td className="is-numeric">{formatMoney(r.payoutMinor, SITE_MONEY)}</td>
                    <td className="is-numeric">{formatMoney(r.houseResultMinor, SITE_MONEY)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </>
    );
  }

  return (
    <section className="catalogue-inhouse" aria-labelledby="crash-monitor-title">
      <h2 id="crash-monitor-title">{t('crash.title')}</h2>
      <p>{t('crash.intro')}</p>
      {body}
    </section>
  );
}
