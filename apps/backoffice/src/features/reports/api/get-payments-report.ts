import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsReport } from '@wps/shared/schemas/reporting';
import { opsRequest } from '../../../lib/api-client';
import type { ReportRange } from './report-range';

/** GET /ops/reports/payments: the payments report of [from, to), days cut in the time zone (reports.read). */
export function fetchPaymentsReport(range: ReportRange): Promise<PaymentsReport> {
  return opsRequest<PaymentsReport>(`/ops/reports/payments?${new URLSearchParams(range).toString()}`);
}

export function paymentsReportQuery(range: ReportRange) {
  return queryOptions({
    queryKey: ['ops', 'reports', 'payments', range.from, range.to, range.timeZone],
    queryFn: () => fetchPaymentsReport(range),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentsReport(range: ReportRange, enabled: boolean) {
  return useQuery({ ...paymentsReportQuery(range), enabled });
}
