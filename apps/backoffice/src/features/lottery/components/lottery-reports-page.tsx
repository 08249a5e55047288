import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { DateRangePicker } from '../../../components/date-range-picker';
import { ALL, SelectFilter, filterOptions } from '../../../components/select-filter';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney } from '../../../lib/money';
import { useTimeZone } from '../../../lib/time-zone';
import { useDayRangeSearch } from '../../../lib/use-day-range-search';
import { useLotteryGames } from '../api/lottery-games';
import { useLotteryReport } from '../api/lottery-report';
import './lottery.css';

/**
 * Lottery by game (lottery.read): over days in the operator's time zone, each game's draws
 * settled and voided, tickets, stake, payout and gross gaming revenue (stake − payout of settled
 * draws; a voided draw's stakes went back).
 */
export function LotteryReportsPage() {
  const { t } = useTranslation('lottery');
  const { t: tc } = useTranslation();
  const formatMoney = useFormatMoney();
  const zone = useTimeZone();
  const games = useLotteryGames();
  const [search, setSearch] = useSearchParams();
  const { range, apply } = useDayRangeSearch(zone);
  const gameCode = search.get('gameCode') ?? undefined;
  const report = useLotteryReport({ ...range, gameCode });

  useEffect(() => {
    document.title = t('reports.documentTitle');
  }, [t]);

  const setGame = (value: string) => {
    const next = new URLSearchParams(search);
    if (value === ALL) next.delete('gameCode');
    else next.set('gameCode', value);
    setSearch(next);
  };

  let body;
  if (report.isError) body = <ErrorState message={errorText(tc, report.error)} />;
  else if (!report.data) body = <LoadingState label={t('loading')} />;
  else if (report.data.rows.length === 0) body = <EmptyState title={t('reports.empty')} />;
  else
    body = (
      <TableScroll label={t('reports.title')}>
        <table className="data-table lottery-table">
          <caption className="visually-hidden">{t('reports.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('reports.columns.game')}</th>
              {(['drawsSettled', 'drawsVoided', 'tickets', 'stake', 'payout', 'ggr'] as const).map((c) => (
                <th key={c} scope="col" className="is-numeric">
                  {t(`reports.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.data.rows.map((r) => (
              <tr key={r.gameCode}>
                <th scope="row">
                  {r.gameName}
                  <code className="lottery-muted">{r.gameCode}</code>
                </th>
                <td className="is-numeric">{r.drawsSettled}</td>
                <td className="is-numeric">{r.drawsVoided}</td>
                <td className="is-numeric">{r.tickets}</td>
                <td className="is-numeric">{formatMoney(r.stakeMinor)}</td>
                <td className="is-numeric">{formatMoney(r.payoutMinor)}</td>
                <td className="is-numeric">{formatMoney(r.ggrMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <section className="page lottery-page" aria-labelledby="lottery-reports-title">
      <div className="page-header">
        <h1 id="lottery-reports-title">{t('reports.title')}</h1>
      </div>
      <p>{t('reports.intro')}</p>
      <div className="lottery-filters">
        <DateRangePicker label={t('reports.range')} value={range} onChange={apply} />
        <SelectFilter
          label={t('draws.filters.game')}
          value={gameCode ?? ALL}
          options={filterOptions(
            games.data?.map((g) => g.code) ?? [],
            (code) => games.data?.find((g) => g.code === code)?.name ?? code,
            t('draws.filters.all'),
          )}
          onChange={setGame}
        />
      </div>
      {body}
    </section>
  );
}
