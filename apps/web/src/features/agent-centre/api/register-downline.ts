import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CentreRegisterBody, CentreRegisterResult } from '@wps/shared/schemas/agent-centre';
import { apiRequest } from '../../../lib/api-client';

export { centreRegisterBodySchema } from '@wps/shared/schemas/agent-centre';

/** POST /wps/agent/centre/register (token, agents only, encrypted: it carries the first password): a direct downline member or agent. */
export function registerDownline(body: CentreRegisterBody): Promise<CentreRegisterResult> {
  return apiRequest<CentreRegisterResult>('/wps/agent/centre/register', { method: 'POST', body, encrypted: true });
}

/** The register centre's mutation; the team's lists and figures refresh with the new member. */
export function useRegisterDownline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDownline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'agent'] }),
  });
}
