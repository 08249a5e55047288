import type { OpsLotteryVoidReviewResult } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { lotteryKey } from './lottery-key';

export type ReviewVoidInput = { requestId: string; approve: boolean; reason?: string };

/** POST /ops/lottery/voids/:requestId/review (lottery.results): approve (the draw is voided, its tickets refunded) or reject; the server refuses the operator who asked. */
export function reviewVoid({ requestId, ...body }: ReviewVoidInput): Promise<OpsLotteryVoidReviewResult> {
  return opsRequest<OpsLotteryVoidReviewResult>(`/ops/lottery/voids/${encodeURIComponent(requestId)}/review`, {
    method: 'POST',
    body,
  });
}

export function useReviewVoid(successText: (result: OpsLotteryVoidReviewResult, input: ReviewVoidInput) => string) {
  return useOpsMutation({ mutationFn: reviewVoid, invalidates: [lotteryKey], successText });
}
