import type { OpsLotteryGame, OpsLotteryGameBody } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { lotteryKey } from './lottery-key';

export type SetLotteryGameInput = OpsLotteryGameBody & { gameCode: string };

/** PUT /ops/lottery/games/:gameCode (lottery.write): name, schedule (an interval or a time of day, from its first free day), status, cut-off, order, limits (minor units) and paytable, audited with the reason. */
export function setLotteryGame({ gameCode, ...body }: SetLotteryGameInput): Promise<OpsLotteryGame> {
  return opsRequest<OpsLotteryGame>(`/ops/lottery/games/${encodeURIComponent(gameCode)}`, { method: 'PUT', body });
}

export function useSetLotteryGame(successText: (game: OpsLotteryGame) => string) {
  return useOpsMutation({ mutationFn: setLotteryGame, invalidates: [lotteryKey], successText });
}
