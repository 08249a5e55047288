import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorListItem } from '@wps/shared/schemas/operator';
import { opsRequest } from '../../lib/api-client';

const operatorsKey = ['ops', 'operators'] as const;

/** GET /ops/operators (admin). */
export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: () => opsRequest<OperatorListItem[]>('/ops/operators') });
}

/** POST /ops/operators/:username/totp-reset (admin, audited with the reason). */
export function useResetTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, reason }: { username: string; reason: string }) =>
      opsRequest<boolean>(`/ops/operators/${encodeURIComponent(username)}/totp-reset`, { method: 'POST', body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}
