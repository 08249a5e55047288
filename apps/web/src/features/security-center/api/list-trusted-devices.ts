import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrustedDeviceList } from '@wps/shared/schemas/login-verification';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/member/trusted-devices (token): devices whose logins ask for no code. */
export function listTrustedDevices(): Promise<TrustedDeviceList> {
  return apiRequest<TrustedDeviceList>('/wps/member/trusted-devices');
}

/** Under ['member'], so logout (which removes member queries) forgets it. */
export function trustedDevicesQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'trusted-devices', token],
    queryFn: listTrustedDevices,
    enabled: token !== null,
  });
}

export function useTrustedDevices() {
  return useQuery(trustedDevicesQueryOptions(useToken()));
}
