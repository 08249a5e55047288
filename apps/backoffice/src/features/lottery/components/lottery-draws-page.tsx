import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { opsLotteryDrawsQuerySchema, type OpsLotteryDraw } from '@wps/shared/schemas/lottery-ops';
import { ALL, SelectFilter, filterOptions } from '../../../components/select-filter';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useLotteryDraws } from '../api/lottery-draws';
import { useLotteryGames } from '../api/lottery-games';
import { isCapped } from './lottery-format';
import './lottery.css';

const DRAW_STATUSES = opsLotteryDrawsQuerySchema.shape.status.unwrap().options;
const SETTLED_STATUSES = ['settled', 'voided'] as const;
const PAGE_SIZE = 30;

/** The draws list (lottery.read), every draw by game and status, newest first. */
export function LotteryDrawsPage() {
  return <DrawsList mode="draws" />;
}

/** Settlement runs (lottery.read): the finished draws (settled or voided) with when they finished, their tickets, payout and whether the cap cut it. */
export function LotterySettlementsPage() {
  return <DrawsList mode="settlements" />;
}

/**
 * One list for both screens, its filters in the URL; pages go by the keyset cursor the server
 * returns (`next`), the earlier cursors kept so "previous" goes back without counting rows.
 */
function DrawsList({ mode }: { mode: 'draws' | 'settlements' }) {
  const { t, i18n } = useTranslation('lottery');
  const { t: tc } = useTranslation();
  const formatMoney = useFormatMoney();
  const [search, setSearch] = useSearchParams();
  const games = useLotteryGames();
  const statuses: readonly string[] = mode === 'settlements' ? SETTLED_STATUSES : DRAW_STATUSES;
  const gameCode = search.get('gameCode') ?? undefined;
  const requested = search.get('status');
  const status = requested && statuses.includes(requested) ? requested : mode === 'settlements' ? 'settled' : undefined;
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const draws = useLotteryDraws({ gameCode, status, before, size: PAGE_SIZE });
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const prefix = mode === 'settlements' ? 'settlements' : 'draws';

  useEffect(() => {
    document.title = t(`${prefix}.documentTitle`);
  }, [t, prefix]);

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value === ALL) next.delete(name);
    else next.set(name, value);
    setSearch(next, { replace: true });
    setCursors([undefined]);
  };
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{dates.format(new Date(iso))}</time> : '—');
  const gameName = (code: string) => games.data?.find((g) => g.code === code)?.name ?? code;

  let body;
  if (draws.isPending) body = <LoadingState label={t('loading')} />;
  else if (draws.isError) body = <ErrorState message={errorText(tc, draws.error)} />;
  else if (draws.data.list.length === 0) body = <EmptyState title={t('draws.empty')} />;
  else
    body = (
      <TableScroll label={t(`${prefix}.title`)}>
        <table className="data-table lottery-table">
          <caption className="visually-hidden">{t(`${prefix}.title`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('draws.columns.numero')}</th>
              <th scope="col">{t('draws.columns.game')}</th>
              <th scope="col">{t('draws.columns.status')}</th>
              <th scope="col">{mode === 'settlements' ? t('draws.columns.settledAt') : t('draws.columns.drawAt')}</th>
              <th scope="col" className="is-numeric">
                {t('draws.columns.tickets')}
              </th>
              <th scope="col" className="is-numeric">
                {t('draws.columns.stake')}
              </th>
              <th scope="col" className="is-numeric">
                {t('draws.columns.payout')}
              </th>
              {mode === 'settlements' && <th scope="col">{t('draws.columns.capped')}</th>}
            </tr>
          </thead>
          <tbody>
            {draws.data.list.map((d: OpsLotteryDraw) => (
              <tr key={d.drawId}>
                <th scope="row">
                  <Link
                    to={`/lottery/draws/${d.drawId}`}
                    aria-label={t('draws.openFor', { game: gameName(d.gameCode), numero: d.numero })}
                  >
                    {d.numero}
                  </Link>
                </th>
                <td>{gameName(d.gameCode)}</td>
                <td>
                  <span className={`status-pill lottery-status--${d.status}`}>{t(`drawStatuses.${d.status}`)}</span>
                </td>
                <td>{mode === 'settlements' ? time(d.settledAt ?? d.voidedAt) : time(d.drawAt)}</td>
                <td className="is-numeric">{d.ticketCount}</td>
                <td className="is-numeric">{formatMoney(d.stakeMinor)}</td>
                <td className="is-numeric">{formatMoney(d.payoutMinor)}</td>
                {mode === 'settlements' && (
                  <td>
                    {isCapped(d)
                      ? t('draws.cappedAt', { amount: formatMoney(d.payoutCapMinor ?? '0') })
                      : t('draws.notCapped')}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <section className="page lottery-page" aria-labelledby="lottery-draws-title">
      <div className="page-header">
        <h1 id="lottery-draws-title">{t(`${prefix}.title`)}</h1>
      </div>
      <p>{t(`${prefix}.intro`)}</p>
      <div className="lottery-filters">
        <SelectFilter
          label={t('draws.filters.game')}
          value={gameCode ?? ALL}
          options={filterOptions(games.data?.map((g) => g.code) ?? [], gameName, t('draws.filters.all'))}
          onChange={(v) => setFilter('gameCode', v)}
        />
        <SelectFilter
          label={t('draws.filters.status')}
          value={status ?? ALL}
          options={
            mode === 'settlements'
              ? statuses.map((s) => ({ value: s, label: t(`drawStatuses.${s}`) }))
              : filterOptions(statuses, (s) => t(`drawStatuses.${s}`), t('draws.filters.all'))
          }
          onChange={(v) => setFilter('status', v)}
        />
      </div>
      {body}
      <div className="lottery-pager">
        <Button
          size="sm"
          variant="secondary"
          disabled={cursors.length < 2}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          {t('draws.previous')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!draws.data?.next}
          onClick={() => draws.data?.next && setCursors((c) => [...c, draws.data.next ?? undefined])}
        >
          {t('draws.next')}
        </Button>
      </div>
    </section>
  );
}
