import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rule } from '@wps/shared/schemas/rewards';
import { opsRequest } from '../../../lib/api-client';

/** Every rewards query sits under ['ops', 'rewards']: a change to a rule or the profile makes all of them stale. */
export const rewardsKey = ['ops', 'rewards'] as const;

/** GET /ops/rewards/rules (rewards.read): the operator's rules, newest first, with what each has granted. */
export function fetchRules(): Promise<{ list: Rule[] }> {
  return opsRequest<{ list: Rule[] }>('/ops/rewards/rules');
}

export function rulesQuery() {
  return queryOptions({ queryKey: [...rewardsKey, 'rules'], queryFn: fetchRules });
}

export function useRules() {
  return useQuery(rulesQuery());
}
