import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OriginalsReport } from '@wps/shared/schemas/reporting';
import { opsRequest } from '../../../lib/api-client';
import type { ReportRange } from './report-range';

/** GET /ops/reports/originals: the in-house games' figures per game and day of [from, to) (reports.read). */
export function fetchOriginalsReport(range: ReportRange): Promise<OriginalsReport> {
  return opsRequest<OriginalsReport>(`/ops/reports/originals?${new URLSearchParams(range).toString()}`);
}

export function originalsReportQuery(range: ReportRange) {
  return queryOptions({
    queryKey: ['ops', 'reports', 'originals', range.from, range.to, range.timeZone],
    queryFn: () => fetchOriginalsReport(range),
    placeholderData: keepPreviousData,
  });
}

export function useOriginalsReport(range: ReportRange, enabled: boolean) {
  return useQuery({ ...originalsReportQuery(range), enabled });
}
