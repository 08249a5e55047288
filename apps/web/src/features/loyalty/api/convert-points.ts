import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConvertPointBody, ConvertPointResult } from '@wps/shared/schemas/points';
import { apiRequest } from '../../../lib/api-client';

export { convertPointBodySchema } from '@wps/shared/schemas/points';

/** POST /wps/relay/passwordCheck/MCS2_convertPoint (token, encrypted: it carries the payment password). */
export function convertPoints(body: ConvertPointBody): Promise<ConvertPointResult> {
  return apiRequest<ConvertPointResult>('/wps/relay/passwordCheck/MCS2_convertPoint', {
    method: 'POST',
    body,
    encrypted: true,
  });
}

/** Refreshes the points and the balance. */
export function useConvertPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertPoints,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
