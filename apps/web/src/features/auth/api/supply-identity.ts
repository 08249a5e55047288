import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplyIdentityBody } from '@wps/shared/schemas/identity';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /wps/member/identity (token): an account made before the operator's licence asked for a CPF
 * gives its CPF and date of birth; until then the server answers IDENTITY_REQUIRED to the rest.
 */
export function supplyIdentity(body: SupplyIdentityBody): Promise<unknown> {
  return apiRequest<unknown>('/wps/member/identity', { method: 'POST', body });
}

/** Mutation for the identity dialog: the member's info and balance refetch once the session is let through. */
export function useSupplyIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: supplyIdentity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
