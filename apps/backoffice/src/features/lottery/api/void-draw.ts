import type { OpsLotteryDraw } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { lotteryKey } from './lottery-key';

/** POST /ops/lottery/draws/:drawId/void (lottery.results): void a draw whose settlement has not begun; every ticket is refunded once, audited with the reason. */
export function voidDraw({ drawId, reason }: { drawId: string; reason: string }): Promise<OpsLotteryDraw> {
  return opsRequest<OpsLotteryDraw>(`/ops/lottery/draws/${encodeURIComponent(drawId)}/void`, {
    method: 'POST',
    body: { reason },
  });
}

export function useVoidDraw(successText: (draw: OpsLotteryDraw) => string) {
  return useOpsMutation({ mutationFn: voidDraw, invalidates: [lotteryKey], successText });
}
