import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayersReport } from '@wps/shared/schemas/reporting';
import { opsRequest } from '../../../lib/api-client';
import type { ReportRange } from './report-range';

/** GET /ops/reports/players: the players report of [from, to), days cut in the time zone (reports.read). */
export function fetchPlayersReport(range: ReportRange): Promise<PlayersReport> {
  return opsRequest<PlayersReport>(`/ops/reports/players?${new URLSearchParams(range).toString()}`);
}

export function playersReportQuery(range: ReportRange) {
  return queryOptions({
    queryKey: ['ops', 'reports', 'players', range.from, range.to, range.timeZone],
    queryFn: () => fetchPlayersReport(range),
    placeholderData: keepPreviousData,
  });
}

export function usePlayersReport(range: ReportRange, enabled: boolean) {
  return useQuery({ ...playersReportQuery(range), enabled });
}
