import type { FastifyReply } from 'fastify';
import { formatMinor } from '@wps/shared/money';
import type {
  OriginalsFigures,
  OriginalsReport,
  PaymentsReport,
  PlayersReport,
  PnlReport,
  ReportRangeQuery,
} from '@wps/shared/schemas/reporting';
import { sendCsv as sendCsvExport } from '../../http/csv';

// The three reports as CSV tables: a header row, then one row per report row and a totals row.
// Amounts in major units of the operator's currency, as the screens show them.

export type CsvTable = { header: string[]; rows: (string | number)[][] };

function money(minor: string, scale: number): string {
  return formatMinor(BigInt(minor), scale);
}

export function pnlCsv(r: PnlReport): CsvTable {
  const m = (v: string) => money(v, r.scale);
  return {
    header: [
      'day',
      'category',
      'vendor',
      'vendor_name',
      'rounds',
      `bets_${r.currency}`,
      `wins_${r.currency}`,
      `ggr_${r.currency}`,
    ],
    rows: [
      ...r.rows.map((x) => [
        x.day,
        x.category,
        x.vassalage,
        x.vendorName,
        x.rounds,
        m(x.betsMinor),
        m(x.winsMinor),
        m(x.ggrMinor),
      ]),
      ['total', '', '', '', r.totals.rounds, m(r.totals.betsMinor), m(r.totals.winsMinor), m(r.totals.ggrMinor)],
    ],
  };
}

export function paymentsCsv(r: PaymentsReport): CsvTable {
  const m = (v: string) => money(v, r.scale);
  return {
    header: ['day', 'kind', 'channel', 'channel_name', 'count', `amount_${r.currency}`, `fee_${r.currency}`],
    rows: [
      ...r.rows.map((x) => [x.day, x.kind, x.channel, x.channelName, x.count, m(x.amountMinor), m(x.feeMinor)]),
      ['total', 'deposit', '', '', r.totals.deposits.count, m(r.totals.deposits.amountMinor), ''],
      ['total', 'withdrawal', '', '', r.totals.withdrawals.count, m(r.totals.withdrawals.amountMinor), ''],
    ],
  };
}

export function playersCsv(r: PlayersReport): CsvTable {
  const m = (v: string) => money(v, r.scale);
  return {
    header: ['day', 'registrations', 'first_deposits', `first_deposit_amount_${r.currency}`],
    rows: [
      ...r.rows.map((x) => [x.day, x.registrations, x.firstDeposits, m(x.firstDepositAmountMinor)]),
      ['total', r.totals.registrations, r.totals.firstDeposits, m(r.totals.firstDepositAmountMinor)],
    ],
  };
}

/** An RTP in basis points as a percent with two decimals ("98.75"); empty with nothing staked. */
function percent(bps: number | null): string {
  return bps === null ? '' : (bps / 100).toFixed(2);
}

export function originalsCsv(r: OriginalsReport): CsvTable {
  const m = (v: string) => money(v, r.scale);
  const cells = (x: OriginalsFigures) => [
    x.rounds,
    x.players,
    m(x.stakedMinor),
    m(x.paidMinor),
    m(x.ggrMinor),
    percent(x.rtpMeasuredBps),
    percent(x.rtpConfiguredBps),
    m(x.biggestWinMinor),
  ];
  return {
    header: [
      'day',
      'game',
      'rounds',
      'players',
      `staked_${r.currency}`,
      `paid_${r.currency}`,
      `ggr_${r.currency}`,
      'rtp_measured_pct',
      'rtp_configured_pct',
      `biggest_win_${r.currency}`,
    ],
    rows: [
      ...r.rows.map((x) => [x.day, x.game, ...cells(x)]),
      ...r.games.map((x) => ['total', x.game, ...cells(x)]),
      ['total', '', ...cells(r.totals)],
    ],
  };
}

/** Send a table as a CSV download through the shared exporter (http/csv.ts): the report is already in memory, one page. */
export function sendCsv(reply: FastifyReply, name: string, q: Pick<ReportRangeQuery, 'from' | 'to'>, table: CsvTable) {
  const stamp = (iso: string) => iso.slice(0, 13).replace(/[^0-9T]/g, '');
  return sendCsvExport(reply, {
    filename: `${name}-${stamp(q.from)}-${stamp(q.to)}`,
    columns: table.header.map((header, i) => ({ header, value: (row: (string | number)[]) => row[i] })),
    fetchPage: async (after: number | null) => (after === null ? table.rows : []),
    cursorOf: () => table.rows.length,
    pageSize: table.rows.length + 1,
  });
}
