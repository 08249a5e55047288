import { useTranslation } from 'react-i18next';
import type { PaymentsReport, PlayersReport, PnlReport } from '@wps/shared/schemas/reporting';
import { TableScroll } from '@wps/ui/table-scroll';
import { useFormatMoney } from '../../../lib/money';
import { formatDay } from '../../../lib/format-date';

/** Column headings; the columns at `textColumns` hold text and align to the start, the rest are figures. */
function Head({ columns, textColumns = [] }: { columns: string[]; textColumns?: number[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={c} scope="col" className={i === 0 || textColumns.includes(i) ? 'is-text' : undefined}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Game money per day, category and vendor, with the range's totals. */
export function PnlTable({ report }: { report: PnlReport }) {
  const { t } = useTranslation('reports');
  const money = useFormatMoney();
  const f = { currency: report.currency, scale: report.scale };
  return (
    <TableScroll label={t('pnl.title')}>
      <table className="report-table" data-report="pnl">
        <caption className="visually-hidden">{t('pnl.title')}</caption>
        <Head
          columns={[
            t('col.day'),
            t('col.category'),
            t('col.vendor'),
            t('col.rounds'),
            t('col.bets'),
            t('col.wins'),
            t('col.ggr'),
          ]}
          textColumns={[1, 2]}
        />
        <tbody>
          {report.rows.map((r) => (
            <tr key={`${r.day}-${r.vassalage}`}>
              <th scope="row">{formatDay(r.day)}</th>
              <td className="is-text" title={r.category}>
                {t(`games:categories.${r.category}`, { defaultValue: r.category })}
              </td>
              <td className="is-text">{r.vendorName}</td>
              <td>{r.rounds}</td>
              <td>{money(r.betsMinor, f)}</td>
              <td>{money(r.winsMinor, f)}</td>
              <td>{money(r.ggrMinor, f)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="is-text">
              {t('col.total')}
            </th>
            <td>{report.totals.rounds}</td>
            <td>{money(report.totals.betsMinor, f)}</td>
            <td>{money(report.totals.winsMinor, f)}</td>
            <td data-total="ggr">{money(report.totals.ggrMinor, f)}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

/** Deposits credited and withdrawals approved per day and channel. */
export function PaymentsTable({ report }: { report: PaymentsReport }) {
  const { t } = useTranslation('reports');
  const money = useFormatMoney();
  const f = { currency: report.currency, scale: report.scale };
  return (
    <TableScroll label={t('payments.title')}>
      <table className="report-table" data-report="payments">
        <caption className="visually-hidden">{t('payments.title')}</caption>
        <Head
          columns={[t('col.day'), t('col.kind'), t('col.channel'), t('col.count'), t('col.amount'), t('col.fee')]}
          textColumns={[1, 2]}
        />
        <tbody>
          {report.rows.map((r) => (
            <tr key={`${r.day}-${r.kind}-${r.channel}`}>
              <th scope="row">{formatDay(r.day)}</th>
              <td className="is-text">{t(`kind.${r.kind}`)}</td>
              <td className="is-text">{r.channelName}</td>
              <td>{r.count}</td>
              <td>{money(r.amountMinor, f)}</td>
              <td>{money(r.feeMinor, f)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {(['deposits', 'withdrawals'] as const).map((k) => (
            <tr key={k}>
              <th scope="row" colSpan={3} className="is-text">
                {t(`totals.${k}`)}
              </th>
              <td>{report.totals[k].count}</td>
              <td data-total={k}>{money(report.totals[k].amountMinor, f)}</td>
              <td />
            </tr>
          ))}
        </tfoot>
      </table>
    </TableScroll>
  );
}

/** Registrations and first deposits per day. */
export function PlayersTable({ report }: { report: PlayersReport }) {
  const { t } = useTranslation('reports');
  const money = useFormatMoney();
  const f = { currency: report.currency, scale: report.scale };
  return (
    <TableScroll label={t('players.title')}>
      <table className="report-table" data-report="players">
        <caption className="visually-hidden">{t('players.title')}</caption>
        <Head columns={[t('col.day'), t('col.registrations'), t('col.firstDeposits'), t('col.firstDepositAmount')]} />
        <tbody>
          {report.rows.map((r) => (
            <tr key={r.day}>
              <th scope="row">{formatDay(r.day)}</th>
              <td>{r.registrations}</td>
              <td>{r.firstDeposits}</td>
              <td>{money(r.firstDepositAmountMinor, f)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('col.total')}</th>
            <td data-total="registrations">{report.totals.registrations}</td>
            <td>{report.totals.firstDeposits}</td>
            <td>{money(report.totals.firstDepositAmountMinor, f)}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
