import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useMonitoringFlags } from '../api/monitoring-flags';
import { FlagStatus } from './flag-status';
import { formatPeriodKey } from '../../../lib/format-date';

/** A player's monitoring flags on the player page (monitoring.review), newest first, each linking to its page. */
export function PlayerMonitoringPanel({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation('monitoring');
  const id = useId();
  const query = useMemo(() => new URLSearchParams({ memberId, pageSize: '50' }), [memberId]);
  const flags = useMonitoringFlags(query);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  return (
    <section className="page-section" aria-labelledby={`${id}-title`} data-testid="player-monitoring-panel">
      <h2 id={`${id}-title`}>{t('player.title')}</h2>
      {flags.isPending ? (
        <LoadingState label={t('player.loading')} />
      ) : flags.isError ? (
        <ErrorState message={errorText(t, flags.error)} />
      ) : flags.data.list.length === 0 ? (
        <p>{t('player.empty')}</p>
      ) : (
        <TableScroll label={t('player.title')}>
          <table className="data-table plain-table">
            <caption className="visually-hidden">{t('player.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.id')}</th>
                <th scope="col">{t('columns.rule')}</th>
                <th scope="col">{t('columns.period')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col">{t('columns.raised')}</th>
              </tr>
            </thead>
            <tbody>
              {flags.data.list.map((f) => (
                <tr key={f.id}>
                  <th scope="row">
                    <Link to={`/compliance/monitoring/${f.id}`}>{t('flagNumber', { id: f.id })}</Link>
                  </th>
                  <td>{t(`rules.${f.rule}`)}</td>
                  <td>{formatPeriodKey(f.periodKey)}</td>
                  <td>
                    <FlagStatus flag={f} />
                  </td>
                  <td>
                    <time dateTime={f.raisedAt}>{dates.format(new Date(f.raisedAt))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
