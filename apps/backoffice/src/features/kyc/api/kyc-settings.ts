import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycSettings } from '@wps/shared/schemas/kyc';
import { opsRequest } from '../../../lib/api-client';

export const kycSettingsKey = ['ops', 'kyc', 'settings'] as const;

/** GET /ops/kyc/settings (settings.read): the unverified deposit cap and the face-check schedule. */
export function fetchKycSettings(): Promise<KycSettings> {
  return opsRequest<KycSettings>('/ops/kyc/settings');
}

export function useKycSettings() {
  return useQuery(queryOptions({ queryKey: kycSettingsKey, queryFn: fetchKycSettings }));
}
