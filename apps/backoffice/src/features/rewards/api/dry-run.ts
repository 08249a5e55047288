import { useMutation } from '@tanstack/react-query';
import type { DryRunBody, DryRunResult } from '@wps/shared/schemas/rewards';
import { opsRequest } from '../../../lib/api-client';

/** POST /ops/rewards/dry-run (rewards.read): what a rule would have paid over a window of history; nothing is written. */
export function dryRun(body: DryRunBody): Promise<DryRunResult> {
  return opsRequest<DryRunResult>('/ops/rewards/dry-run', { method: 'POST', body });
}

export function useDryRun() {
  return useMutation({ mutationFn: dryRun });
}
