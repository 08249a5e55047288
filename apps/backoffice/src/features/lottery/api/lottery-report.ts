import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsLotteryReport } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { lotteryKey } from './lottery-key';

export type LotteryReportFilter = { from: string; to: string; gameCode?: string | undefined };

/** GET /ops/lottery/reports (lottery.read): per game, the draws finished in [from, to) with tickets, stake, payout and gross gaming revenue. */
export function fetchLotteryReport({ from, to, gameCode }: LotteryReportFilter): Promise<OpsLotteryReport> {
  const query = new URLSearchParams({ from, to });
  if (gameCode) query.set('gameCode', gameCode);
  return opsRequest<OpsLotteryReport>(`/ops/lottery/reports?${query.toString()}`);
}

export function lotteryReportQuery(filter: LotteryReportFilter) {
  return queryOptions({
    queryKey: [...lotteryKey, 'report', filter.from, filter.to, filter.gameCode ?? ''],
    queryFn: () => fetchLotteryReport(filter),
    placeholderData: keepPreviousData,
  });
}

export function useLotteryReport(filter: LotteryReportFilter) {
  return useQuery(lotteryReportQuery(filter));
}
