import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/withdraw/orders/:id/not-received (token, multipart): up to 3 png/jpg proofs of 5 MB. */
export function reportNotReceived({ id, files }: { id: string; files: readonly File[] }): Promise<WithdrawalOrder> {
  const form = new FormData();
  for (const file of files) form.append('proofs', file, file.name);
  return apiRequest<WithdrawalOrder>(`/wps/withdraw/orders/${encodeURIComponent(id)}/not-received`, {
    method: 'POST',
    body: form,
  });
}

/** Mutation for the not-received dialog. */
export function useReportNotReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportNotReceived,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
