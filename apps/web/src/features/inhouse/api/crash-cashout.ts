import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { CrashBetResult } from '@wps/shared/schemas/inhouse-crash';
import { apiRequest } from '../../../lib/api-client';
import { tellParentBalanceChanged } from './play-round';
import { CRASH_HISTORY_KEY } from './crash-history';

/** POST /wps/inhouse/crash/cashout: cash the player's flying bet out at the multiplier the server sees now. */
export function cashOutCrash(auth: InhouseAuth): Promise<CrashBetResult> {
  return apiRequest<CrashBetResult>('/wps/inhouse/crash/cashout', { method: 'POST', body: auth });
}

export function useCrashCashOut(auth: InhouseAuth) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cashOutCrash(auth),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CRASH_HISTORY_KEY });
      tellParentBalanceChanged();
    },
  });
}
