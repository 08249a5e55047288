import type { OpsLotteryEntry } from '@wps/shared/schemas/lottery-ops';
import type { LotteryResult } from '@wps/shared/lottery/types';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { lotteryKey } from './lottery-key';

/** POST /ops/lottery/draws/:drawId/results (lottery.results): a closed draw's official result, waiting for another operator's approval. */
export function enterResult({ drawId, result }: { drawId: string; result: LotteryResult }): Promise<OpsLotteryEntry> {
  return opsRequest<OpsLotteryEntry>(`/ops/lottery/draws/${encodeURIComponent(drawId)}/results`, {
    method: 'POST',
    body: { result },
  });
}

export function useEnterResult(successText: (entry: OpsLotteryEntry) => string) {
  return useOpsMutation({ mutationFn: enterResult, invalidates: [lotteryKey], successText });
}
