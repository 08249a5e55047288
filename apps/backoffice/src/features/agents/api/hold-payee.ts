import type { PayeeHold } from '@wps/shared/schemas/agent-settlement';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { agentsKey } from './agents-key';

/** POST /ops/agents/holds (agents.write): hold a payee (its statements stay unpaid until released), audited with the reason. */
export function holdPayee(body: { memberId: string; reason: string }): Promise<PayeeHold> {
  return opsRequest<PayeeHold>('/ops/agents/holds', { method: 'POST', body });
}

export function useHoldPayee(successText: (hold: PayeeHold) => string) {
  return useOpsMutation({ mutationFn: holdPayee, invalidates: [agentsKey], successText });
}
