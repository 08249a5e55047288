import type { Rule, RuleInput } from '@wps/shared/schemas/rewards';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { rewardsKey } from './rule-list';

export type SaveRuleVariables = { input: RuleInput; existing?: { id: string; version: number } | undefined };

/**
 * POST /ops/rewards/rules, or PUT /ops/rewards/rules/:id?version= (rewards.write): write a rule as
 * a draft, or change a draft or paused one. The server checks it against the jurisdiction profile
 * (REWARD_FORBIDDEN_BY_JURISDICTION with the reasons) and audits it.
 */
export function saveRule({ input, existing }: SaveRuleVariables): Promise<Rule> {
  if (existing)
    return opsRequest<Rule>(`/ops/rewards/rules/${existing.id}?version=${existing.version}`, {
      method: 'PUT',
      body: input,
    });
  return opsRequest<Rule>('/ops/rewards/rules', { method: 'POST', body: input });
}

export function useSaveRule(successText: (rule: Rule) => string) {
  return useOpsMutation({ mutationFn: saveRule, invalidates: [rewardsKey], successText });
}
