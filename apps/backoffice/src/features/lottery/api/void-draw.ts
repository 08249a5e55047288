import type { OpsLotteryVoidResult } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { lotteryKey } from './lottery-key';

/**
 * POST /ops/lottery/draws/:drawId/void (lottery.results): before the result is known the draw is
 * voided at once (every ticket refunded once); after it, the answer's voidRequest waits for a
 * second operator. Audited with the reason (and the known result).
 */
export function voidDraw({ drawId, reason }: { drawId: string; reason: string }): Promise<OpsLotteryVoidResult> {
  return opsRequest<OpsLotteryVoidResult>(`/ops/lottery/draws/${encodeURIComponent(drawId)}/void`, {
    method: 'POST',
    body: { reason },
  });
}

export function useVoidDraw(successText: (result: OpsLotteryVoidResult) => string) {
  return useOpsMutation({ mutationFn: voidDraw, invalidates: [lotteryKey], successText });
}
