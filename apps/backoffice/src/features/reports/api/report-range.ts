/** The range every report takes: whole-hour instants [from, to) and the zone its days are cut in. */
export type ReportRange = { from: string; to: string; timeZone: string };

/** Where each report's CSV comes from (GET, same range, reports.read). */
export const REPORT_CSV_PATHS = {
  pnl: '/ops/reports/pnl/csv',
  payments: '/ops/reports/payments/csv',
  players: '/ops/reports/players/csv',
  originals: '/ops/reports/originals/csv',
} as const;
