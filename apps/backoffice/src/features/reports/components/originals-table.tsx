import { useTranslation } from 'react-i18next';
import type { OriginalsFigures, OriginalsReport } from '@wps/shared/schemas/reporting';
import { TableScroll } from '@wps/ui/table-scroll';
import { formatDay } from '../../../lib/format-date';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';

/** An RTP in basis points as a percentage with two decimals in the operator's language ("98,64 %"); a dash with nothing staked. */
function useFormatBps(): (bps: number | null) => string {
  const { i18n } = useTranslation();
  const percent = new Intl.NumberFormat(localeTag(i18n.language), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (bps) => (bps === null ? '—' : percent.format(bps / 10_000));
}

/**
 * The in-house games' figures: each game per day, then each game's over the range and all of them
 * together (GET /ops/reports/originals). The measured RTP sits beside the one the rounds were placed at.
 */
export function OriginalsTable({ report }: { report: OriginalsReport }) {
  const { t } = useTranslation('reports');
  const money = useFormatMoney();
  const rtp = useFormatBps();
  const f = { currency: report.currency, scale: report.scale };
  const gameName = (game: string) => t(`games.${game}`, { defaultValue: game });
  const cells = (x: OriginalsFigures, total?: string) => (
    <>
      <td>{x.rounds}</td>
      <td>{x.players}</td>
      <td>{money(x.stakedMinor, f)}</td>
      <td>{money(x.paidMinor, f)}</td>
      <td data-total={total}>{money(x.ggrMinor, f)}</td>
      <td>{rtp(x.rtpMeasuredBps)}</td>
      <td>{rtp(x.rtpConfiguredBps)}</td>
      <td>{money(x.biggestWinMinor, f)}</td>
    </>
  );
  const columns = [
    t('col.day'),
    t('colOriginals.game'),
    t('col.rounds'),
    t('colOriginals.players'),
    t('colOriginals.staked'),
    t('colOriginals.paid'),
    t('col.ggr'),
    t('colOriginals.rtpMeasured'),
    t('colOriginals.rtpConfigured'),
    t('colOriginals.biggestWin'),
  ];
  return (
    <>
      <p>{t('originals.intro')}</p>
      <TableScroll label={t('originals.title')}>
        <table className="report-table" data-report="originals">
          <caption className="visually-hidden">{t('originals.title')}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={c} scope="col" className={i < 2 ? 'is-text' : undefined}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr key={`${r.day}-${r.game}`}>
                <th scope="row">{formatDay(r.day)}</th>
                <td className="is-text">{gameName(r.game)}</td>
                {cells(r)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            {report.games.map((g) => (
              <tr key={g.game}>
                <th scope="row" colSpan={2} className="is-text">
                  {t('colOriginals.gameTotal', { game: gameName(g.game) })}
                </th>
                {cells(g)}
              </tr>
            ))}
            <tr>
              <th scope="row" colSpan={2} className="is-text">
                {t('col.total')}
              </th>
              {cells(report.totals, 'ggr')}
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </>
  );
}
