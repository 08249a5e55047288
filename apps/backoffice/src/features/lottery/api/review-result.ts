import type { OpsLotteryReviewResult } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { lotteryKey } from './lottery-key';

export type ReviewResultInput = { entryId: string; approve: boolean; reason?: string };

/** POST /ops/lottery/results/:entryId/review (lottery.results): approve (the draw takes the result and settles) or reject; the server refuses the operator who typed it. */
export function reviewResult({ entryId, ...body }: ReviewResultInput): Promise<OpsLotteryReviewResult> {
  return opsRequest<OpsLotteryReviewResult>(`/ops/lottery/results/${encodeURIComponent(entryId)}/review`, {
    method: 'POST',
    body,
  });
}

export function useReviewResult(successText: (result: OpsLotteryReviewResult, input: ReviewResultInput) => string) {
  return useOpsMutation({ mutationFn: reviewResult, invalidates: [lotteryKey], successText });
}
