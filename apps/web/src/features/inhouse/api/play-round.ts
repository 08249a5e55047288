import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiceDirection } from '@wps/shared/provably-fair';
import type { InhouseAuth, InhouseRoundResult } from '@wps/shared/schemas/inhouse';
import { apiRequest } from '../../../lib/api-client';
import { FAIR_QUERY_KEY } from './get-fair-state';

export type SlotSpinInput = { stakeMinor: string; idempotencyKey: string };
export type DiceRollInput = SlotSpinInput & { target: number; direction: DiceDirection };

/** POST /wps/inhouse/slot/spin: one slot round (bet and win through the wallet). */
export function spinSlot(auth: InhouseAuth, input: SlotSpinInput): Promise<InhouseRoundResult> {
  return apiRequest<InhouseRoundResult>('/wps/inhouse/slot/spin', { method: 'POST', body: { ...auth, ...input } });
}

/** POST /wps/inhouse/dice/roll: one dice round. */
export function rollDice(auth: InhouseAuth, input: DiceRollInput): Promise<InhouseRoundResult> {
  return apiRequest<InhouseRoundResult>('/wps/inhouse/dice/roll', { method: 'POST', body: { ...auth, ...input } });
}

/** The frame's parent (the /game page) refreshes the header balance when it hears this. */
export const BALANCE_CHANGED_MESSAGE = 'wps:balance-changed';

/** Tell the host page (the /game frame's parent) the balance moved: a round played, a stake taken, a cash-out paid. */
export function tellParentBalanceChanged(): void {
  if (window.parent !== window) window.parent.postMessage({ type: BALANCE_CHANGED_MESSAGE }, window.location.origin);
}

/** Play a slot or dice round; the fairness panel and the host page's balance refresh after it. */
export function usePlayRound<I extends SlotSpinInput>(
  auth: InhouseAuth,
  play: (auth: InhouseAuth, input: I) => Promise<InhouseRoundResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => play(auth, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: FAIR_QUERY_KEY });
      tellParentBalanceChanged();
    },
  });
}
