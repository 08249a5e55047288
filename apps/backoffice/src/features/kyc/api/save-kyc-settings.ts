import type { KycSettings, KycSettingsBody } from '@wps/shared/schemas/kyc';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { kycSettingsKey } from './kyc-settings';

/** PUT /ops/kyc/settings (settings.write): change the cap or the schedule; audited with the reason. */
export function saveKycSettings(body: KycSettingsBody): Promise<KycSettings> {
  return opsRequest<KycSettings>('/ops/kyc/settings', { method: 'PUT', body });
}

export function useSaveKycSettings(successText: () => string) {
  return useOpsMutation({ mutationFn: saveKycSettings, invalidates: [kycSettingsKey], successText });
}
