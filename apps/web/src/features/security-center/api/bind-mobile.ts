import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BindMobileBody } from '@wps/shared/schemas/security';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/member/mobile (token): link the number with the texted code. */
export function bindMobile(body: BindMobileBody): Promise<boolean> {
  return apiRequest<boolean>('/wps/member/mobile', { method: 'POST', body });
}

/** Mutation for the mobile form; refreshes the summary and member info (masked number). */
export function useBindMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindMobile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
