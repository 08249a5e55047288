import type { PayeeReleaseResult } from '@wps/shared/schemas/agent-settlement';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { agentsKey } from './agents-key';

/** DELETE /ops/agents/holds/:holdId (agents.write): release a payee; its held statements are paid, once. Audited with the reason. */
export function releasePayee({ holdId, reason }: { holdId: string; reason: string }): Promise<PayeeReleaseResult> {
  return opsRequest<PayeeReleaseResult>(`/ops/agents/holds/${encodeURIComponent(holdId)}`, {
    method: 'DELETE',
    body: { reason },
  });
}

export function useReleasePayee(successText: (result: PayeeReleaseResult) => string) {
  return useOpsMutation({ mutationFn: releasePayee, invalidates: [agentsKey], successText });
}
