import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { CrashBetResult } from '@wps/shared/schemas/inhouse-crash';
import { apiRequest } from '../../../lib/api-client';
import { tellParentBalanceChanged } from './play-round';
import { CRASH_HISTORY_KEY } from './crash-history';

export type CrashBetInput = { stakeMinor: string; idempotencyKey: string; autoCashoutHundredths?: number };

/** POST /wps/inhouse/crash/bet: a bet in the round's betting window, with an optional automatic cash-out. */
export function placeCrashBet(auth: InhouseAuth, input: CrashBetInput): Promise<CrashBetResult> {
  return apiRequest<CrashBetResult>('/wps/inhouse/crash/bet', { method: 'POST', body: { ...auth, ...input } });
}

/** Place a bet; the player's history and the host page's balance refresh after it. */
export function useCrashBet(auth: InhouseAuth) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CrashBetInput) => placeCrashBet(auth, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CRASH_HISTORY_KEY });
      tellParentBalanceChanged();
    },
  });
}
