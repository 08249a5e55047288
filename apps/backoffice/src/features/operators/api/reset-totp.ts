import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { operatorsKey } from './operators-list';

export type ResetTotpInput = { username: string; reason: string };

/** POST /ops/operators/:username/totp-reset: their sessions end, the next sign-in enrols again. */
export function resetTotp({ username, reason }: ResetTotpInput): Promise<boolean> {
  return opsRequest<boolean>(`/ops/operators/${encodeURIComponent(username)}/totp-reset`, {
    method: 'POST',
    body: { reason },
  });
}

export function useResetTotp(successText: (result: boolean, input: ResetTotpInput) => string) {
  return useOpsMutation({ mutationFn: resetTotp, invalidates: [operatorsKey], successText });
}
