import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrustedDeviceList } from '@wps/shared/schemas/login-verification';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { playerKey } from './keyset-list';

const base = (memberId: string) => `/ops/players/${encodeURIComponent(memberId)}/trusted-devices`;

/** GET /ops/players/:memberId/trusted-devices: the devices whose logins ask the player for no code. */
export const trustedDevicesQuery = (memberId: string) =>
  queryOptions({
    queryKey: [...playerKey(memberId), 'trusted-devices'],
    queryFn: () => opsRequest<TrustedDeviceList>(base(memberId)),
  });

export function useTrustedDevices(memberId: string) {
  return useQuery(trustedDevicesQuery(memberId));
}

/** POST /ops/players/:memberId/trusted-devices[/:deviceId]/revoke with the reason (audited). */
export function useRevokeTrustedDevices(memberId: string, successText: () => string) {
  return useOpsMutation({
    mutationFn: ({ deviceId, reason }: { deviceId: string | null; reason: string }) =>
      opsRequest<{ revoked: number }>(`${base(memberId)}${deviceId ? `/${encodeURIComponent(deviceId)}` : ''}/revoke`, {
        method: 'POST',
        body: { reason },
      }),
    invalidates: [[...playerKey(memberId), 'trusted-devices']],
    successText,
  });
}
