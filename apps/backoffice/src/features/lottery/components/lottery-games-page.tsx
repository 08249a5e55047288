import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsLotteryGame } from '@wps/shared/schemas/lottery-ops';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useLotteryGames } from '../api/lottery-games';
import { LotteryGameDialog } from './lottery-game-dialog';
import { dayText } from '../../../lib/zoned-days';
import { edgeText, scheduleText } from './lottery-format';
import './lottery.css';

/**
 * Lottery games (lottery.read): each game's family, prize mode, schedule, result source and
 * status (with a note when the licence in force hides the game from players: BR and a foreign
 * lottery's draw), the exact house edge of every bet type under its paytable, and its limits. With
 * lottery.write a game is edited (name, schedule, status, cut-off, order, limits, paytable) with a
 * reason; a changed schedule waiting for its first day is shown under the one in force.
 */
export function LotteryGamesPage() {
  const { t, i18n } = useTranslation('lottery');
  const { t: tc } = useTranslation();
  const canWrite = useCan('lottery.write');
  const formatMoney = useFormatMoney();
  const games = useLotteryGames();
  const [editing, setEditing] = useState<OpsLotteryGame | null>(null);
  const locale = localeTag(i18n.language);

  useEffect(() => {
    document.title = t('games.documentTitle');
  }, [t]);

  let body;
  if (games.isPending) body = <LoadingState label={t('loading')} />;
  else if (games.isError) body = <ErrorState message={errorText(tc, games.error)} />;
  else if (games.data.length === 0) body = <EmptyState title={t('games.empty')} />;
  else
    body = (
      <TableScroll label={t('games.title')}>
        <table className="data-table lottery-table">
          <caption className="visually-hidden">{t('games.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('games.columns.game')}</th>
              <th scope="col">{t('games.columns.family')}</th>
              <th scope="col">{t('games.columns.schedule')}</th>
              <th scope="col">{t('games.columns.source')}</th>
              <th scope="col">{t('games.columns.status')}</th>
              <th scope="col">{t('games.columns.edges')}</th>
              <th scope="col">{t('games.columns.limits')}</th>
            </tr>
          </thead>
          <tbody>
            {games.data.map((game) => (
              <tr key={game.code} data-game-code={game.code}>
                <th scope="row">
                  {game.name}
                  <code className="lottery-muted">{game.code}</code>
                  {canWrite && (
                    <Button
                      size="sm"
                      variant="secondary"
                      className="lottery-edit"
                      aria-label={t('games.editFor', { name: game.name })}
                      onClick={() => setEditing(game)}
                    >
                      {t('games.edit')}
                    </Button>
                  )}
                </th>
                <td>
                  {t(`families.${game.family}`, { defaultValue: game.family })}
                  <span className="lottery-muted">{t(`prizeModes.${game.prizeMode}`)}</span>
                </td>
                <td>
                  {scheduleText(game, t)}
                  <span className="lottery-muted">{t('games.cutOff', { count: game.closeBeforeSeconds })}</span>
                  {game.nextSchedule && (
                    <span className="lottery-muted" data-testid="next-schedule">
                      {t('games.nextSchedule', {
                        from: dayText(game.nextSchedule.from, locale),
                        schedule: scheduleText({ ...game, ...game.nextSchedule }, t),
                      })}
                    </span>
                  )}
                </td>
                <td>{t(`sources.${game.resultSource}`)}</td>
                <td>
                  <span className={`status-pill lottery-status--${game.status}`}>
                    {t(`gameStatuses.${game.status}`)}
                  </span>
                  {game.hiddenByLicence && (
                    <span className="lottery-muted lottery-hidden">{t('games.hiddenByLicence')}</span>
                  )}
                </td>
                <td>
                  <ul className="lottery-edges" aria-label={t('games.edgesFor', { name: game.name })}>
                    {game.edges.map((e) => (
                      <li key={`${e.betType}-${e.variant ?? ''}`}>
                        <span title={e.betType}>
                          {t(`betTypes.${e.betType}`, { defaultValue: e.betType })}
                          {e.variant === null ? '' : ` ${e.variant}`}
                        </span>{' '}
                        <strong>{edgeText(e.edgePercent, locale)}</strong>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  <dl className="lottery-limits">
                    <dt>{t('limits.stake')}</dt>
                    <dd>
                      {formatMoney(game.limits.minStakeMinor)} – {formatMoney(game.limits.maxStakeMinor)}
                    </dd>
                    <dt>{t('limits.perKeyMinor')}</dt>
                    <dd>{formatMoney(game.limits.perKeyMinor)}</dd>
                    <dt>{t('limits.perTicketMinor')}</dt>
                    <dd>{formatMoney(game.limits.perTicketMinor)}</dd>
                    <dt>{t('limits.perDrawMinor')}</dt>
                    <dd>{formatMoney(game.limits.perDrawMinor)}</dd>
                  </dl>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <section className="page lottery-page" aria-labelledby="lottery-games-title">
      <div className="page-header">
        <h1 id="lottery-games-title">{t('games.title')}</h1>
      </div>
      <p>{t('games.intro')}</p>
      {body}
      {editing && <LotteryGameDialog key={editing.code} game={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
