import type { z } from 'zod';
import type { opsWithdrawalSettingsBodySchema, WithdrawalSettings } from '@wps/shared/schemas/withdrawal';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { withdrawalSettingsKey } from './withdrawal-settings';

export type UpdateWithdrawalSettingsInput = z.input<typeof opsWithdrawalSettingsBodySchema>;

/** PUT /ops/withdrawal-settings (payments.write): merged over the stored rules, checked again, audited with the reason. */
export function updateWithdrawalSettings(input: UpdateWithdrawalSettingsInput): Promise<WithdrawalSettings> {
  return opsRequest<WithdrawalSettings>('/ops/withdrawal-settings', { method: 'PUT', body: input });
}

export function useUpdateWithdrawalSettings(successText: (settings: WithdrawalSettings) => string) {
  return useOpsMutation({ mutationFn: updateWithdrawalSettings, invalidates: [withdrawalSettingsKey], successText });
}
