import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsLotteryDrawDetail, OpsLotteryGame } from '@wps/shared/schemas/lottery-ops';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useLotteryDraw } from '../api/lottery-draw';
import { useLotteryGames } from '../api/lottery-games';
import { useVoidDraw } from '../api/void-draw';
import { EntryReview } from './entry-review';
import { VoidReview } from './void-review';
import { isCapped } from './lottery-format';
import { ResultForm } from './result-form';
import { ResultView } from './result-view';
import './lottery.css';

/**
 * Draw statuses a void still applies to (a drawn draw only until its settlement begins; the server
 * decides). Once the result is known (typed in or drawn) the void waits for a second operator.
 */
const VOIDABLE = ['scheduled', 'open', 'closed', 'drawn'];
/** Statuses whose liability still matters: bets are (or were until the cut-off) being taken and nothing is paid yet. */
const LIVE = ['scheduled', 'open', 'closed'];

/**
 * One draw (lottery.read): its status timeline, the seed's commitment and the seed once revealed,
 * the result, tickets and stakes by status, payout and cap, and for a live draw the liability per
 * number, largest first, against the game's per-number limit. With lottery.results: type in a
 * closed operator draw's result, review one waiting, or void the draw with a reason.
 */
export function LotteryDrawPage() {
  const { t } = useTranslation('lottery');
  const { t: tc } = useTranslation();
  const { drawId = '' } = useParams();
  const detail = useLotteryDraw(drawId);
  const games = useLotteryGames();
  const game = games.data?.find((g) => g.code === detail.data?.draw.gameCode);

  useEffect(() => {
    document.title = t('draw.documentTitle', { numero: detail.data?.draw.numero ?? '' });
  }, [t, detail.data?.draw.numero]);

  return (
    <section className="page lottery-page" aria-labelledby="lottery-draw-title">
      <p>
        <Link to="/lottery/draws">{t('draw.back')}</Link>
      </p>
      {detail.isPending ? (
        <LoadingState label={t('loading')} />
      ) : detail.isError ? (
        <ErrorState message={errorText(tc, detail.error)} />
      ) : (
        <DrawBody detail={detail.data} game={game} />
      )}
    </section>
  );
}

function DrawBody({ detail, game }: { detail: OpsLotteryDrawDetail; game: OpsLotteryGame | undefined }) {
  const { t, i18n } = useTranslation('lottery');
  const formatMoney = useFormatMoney();
  const canResults = useCan('lottery.results');
  const [voiding, setVoiding] = useState(false);
  const voidDraw = useVoidDraw((r) =>
    r.voidRequest ? t('voids.requested', { numero: r.draw.numero }) : t('draw.voided', { numero: r.draw.numero }),
  );
  const { draw, exposure, tickets, pendingEntry, pendingVoid } = detail;
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'medium' }),
    [i18n.language],
  );
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{dates.format(new Date(iso))}</time> : '—');
  const timeline: [string, string | null][] = [
    ['opensAt', draw.opensAt],
    ['closesAt', draw.closesAt],
    ['drawAt', draw.drawAt],
    ['drawnAt', draw.drawnAt],
    ['settledAt', draw.settledAt],
    ['voidedAt', draw.voidedAt],
  ];
  const ticketRows = Object.entries(tickets);
  const canEnter = canResults && game?.resultSource === 'operator' && draw.status === 'closed' && pendingEntry === null;

  return (
    <>
      <div className="page-header">
        <h1 id="lottery-draw-title">{t('draw.title', { game: game?.name ?? draw.gameCode, numero: draw.numero })}</h1>
        <span className={`status-pill lottery-status--${draw.status}`}>{t(`drawStatuses.${draw.status}`)}</span>
      </div>
      <div className="lottery-panels">
        <section aria-labelledby="draw-timeline">
          <h2 id="draw-timeline">{t('draw.timeline')}</h2>
          <dl className="lottery-facts">
            {timeline.map(([name, iso]) => (
              <div key={name}>
                <dt>{t(`draw.times.${name}`)}</dt>
                <dd>{time(iso)}</dd>
              </div>
            ))}
            {draw.voidReason && (
              <div>
                <dt>{t('draw.voidReason')}</dt>
                <dd>{draw.voidReason}</dd>
              </div>
            )}
          </dl>
        </section>
        <section aria-labelledby="draw-fairness">
          <h2 id="draw-fairness">{t('draw.fairness')}</h2>
          <dl className="lottery-facts">
            <div>
              <dt>{t('draw.seedHash')}</dt>
              <dd>
                <code className="lottery-code">{draw.serverSeedHash ?? t('draw.noSeed')}</code>
              </dd>
            </div>
            <div>
              <dt>{t('draw.seed')}</dt>
              <dd>
                <code className="lottery-code">
                  {draw.serverSeed ?? (draw.serverSeedHash ? t('draw.seedHidden') : t('draw.noSeed'))}
                </code>
              </dd>
            </div>
          </dl>
        </section>
      </div>
      <section aria-labelledby="draw-result">
        <h2 id="draw-result">{t('draw.result')}</h2>
        {draw.result ? <ResultView result={draw.result} label={t('draw.result')} /> : <p>{t('draw.noResult')}</p>}
      </section>
      <section aria-labelledby="draw-tickets">
        <h2 id="draw-tickets">{t('draw.tickets')}</h2>
        <TableScroll label={t('draw.tickets')}>
          <table className="data-table lottery-table">
            <caption className="visually-hidden">{t('draw.tickets')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('draw.ticketStatus')}</th>
                <th scope="col" className="is-numeric">
                  {t('draws.columns.tickets')}
                </th>
                <th scope="col" className="is-numeric">
                  {t('draws.columns.stake')}
                </th>
              </tr>
            </thead>
            <tbody>
              {ticketRows.length === 0 ? (
                <tr>
                  <td colSpan={3}>{t('draw.noTickets')}</td>
                </tr>
              ) : (
                ticketRows.map(([status, v]) => (
                  <tr key={status}>
                    <th scope="row">{t(`ticketStatuses.${status}`, { defaultValue: status })}</th>
                    <td className="is-numeric">{v.count}</td>
                    <td className="is-numeric">{formatMoney(v.stakeMinor)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableScroll>
        <dl className="lottery-facts">
          <div>
            <dt>{t('draws.columns.payout')}</dt>
            <dd>{formatMoney(draw.payoutMinor)}</dd>
          </div>
          <div>
            <dt>{t('draw.cap')}</dt>
            <dd>
              {draw.payoutCapMinor === null
                ? '—'
                : isCapped(draw)
                  ? t('draw.capDetail', {
                      cap: formatMoney(draw.payoutCapMinor),
                      gross: formatMoney(draw.grossPayoutMinor ?? '0'),
                    })
                  : t('draw.capNotReached', { cap: formatMoney(draw.payoutCapMinor) })}
            </dd>
          </div>
        </dl>
      </section>
      {LIVE.includes(draw.status) && (
        <section aria-labelledby="draw-liability">
          <h2 id="draw-liability">{t('draw.liability')}</h2>
          <p>{game ? t('draw.liabilityIntro', { limit: formatMoney(game.limits.perKeyMinor) }) : null}</p>
          {exposure.length === 0 ? (
            <p>{t('draw.noLiability')}</p>
          ) : (
            <TableScroll label={t('draw.liability')}>
              <table className="data-table lottery-table" data-testid="liability">
                <caption className="visually-hidden">{t('draw.liability')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('draw.key')}</th>
                    <th scope="col" className="is-numeric">
                      {t('draw.exposure')}
                    </th>
                    <th scope="col" className="is-numeric">
                      {t('draw.limitUsed')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {exposure.map((e) => (
                    <tr key={e.key}>
                      <th scope="row">
                        <code>{e.key}</code>
                      </th>
                      <td className="is-numeric">{formatMoney(e.payoutMinor)}</td>
                      <td className="is-numeric">
                        {game
                          ? `${((Number(e.payoutMinor) / Number(game.limits.perKeyMinor)) * 100).toFixed(1)} %`
                          : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </section>
      )}
      {pendingEntry && <EntryReview entry={pendingEntry} title={t('results.pendingTitle')} />}
      {canEnter && game && <ResultForm drawId={draw.drawId} family={game.family} />}
      {pendingVoid && <VoidReview request={pendingVoid} title={t('voids.pendingTitle')} />}
      {canResults && VOIDABLE.includes(draw.status) && pendingVoid === null && (
        <div className="actions lottery-void">
          <Button variant="danger" onClick={() => setVoiding(true)}>
            {t('draw.void')}
          </Button>
        </div>
      )}
      {voiding && (
        <ConfirmDialog
          open
          danger
          onClose={() => setVoiding(false)}
          title={t('draw.voidTitle', { numero: draw.numero })}
          description={t('draw.voidDescription', {
            count: draw.ticketCount || Object.values(tickets).reduce((n, v) => n + v.count, 0),
          })}
          confirmLabel={t('draw.void')}
          onConfirm={(reason) => voidDraw.mutateAsync({ drawId: draw.drawId, reason })}
          isPending={voidDraw.isPending}
          errorMessage={voidDraw.errorMessage}
        />
      )}
    </>
  );
}
