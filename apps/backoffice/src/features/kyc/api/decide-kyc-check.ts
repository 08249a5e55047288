import type { OpsKycCheck } from '@wps/shared/schemas/kyc';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { kycChecksKey } from './kyc-checks';

export type DecideKycInput = { id: string; decision: 'passed' | 'failed'; reason: string };

/** POST /ops/kyc/checks/:id/decision (kyc.review): pass or fail a check sent to review; audited with the reason. */
export function decideKycCheck({ id, ...body }: DecideKycInput): Promise<OpsKycCheck> {
  return opsRequest<OpsKycCheck>(`/ops/kyc/checks/${encodeURIComponent(id)}/decision`, { method: 'POST', body });
}

export function useDecideKycCheck(successText: (input: DecideKycInput) => string) {
  return useOpsMutation({
    mutationFn: decideKycCheck,
    invalidates: [kycChecksKey],
    successText: (_r, input) => successText(input),
  });
}
