import type { Rule } from '@wps/shared/schemas/rewards';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { rewardsKey } from './rule-list';

export type RuleStatusVariables = { id: string; status: 'live' | 'paused' | 'ended'; version: number };

/** POST /ops/rewards/rules/:id/status (rewards.write): put a rule live, pause it or end it (audited). */
export function setRuleStatus({ id, status, version }: RuleStatusVariables): Promise<Rule> {
  return opsRequest<Rule>(`/ops/rewards/rules/${id}/status`, { method: 'POST', body: { status, version } });
}

export function useSetRuleStatus(successText: (rule: Rule) => string) {
  return useOpsMutation({ mutationFn: setRuleStatus, invalidates: [rewardsKey], successText });
}
