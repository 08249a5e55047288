import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PnlReport } from '@wps/shared/schemas/reporting';
import { opsRequest } from '../../../lib/api-client';
import type { ReportRange } from './report-range';

/** GET /ops/reports/pnl: the P&L report of [from, to), days cut in the time zone (reports.read). */
export function fetchPnlReport(range: ReportRange): Promise<PnlReport> {
  return opsRequest<PnlReport>(`/ops/reports/pnl?${new URLSearchParams(range).toString()}`);
}

export function pnlReportQuery(range: ReportRange) {
  return queryOptions({
    queryKey: ['ops', 'reports', 'pnl', range.from, range.to, range.timeZone],
    queryFn: () => fetchPnlReport(range),
    placeholderData: keepPreviousData,
  });
}

export function usePnlReport(range: ReportRange, enabled: boolean) {
  return useQuery({ ...pnlReportQuery(range), enabled });
}
