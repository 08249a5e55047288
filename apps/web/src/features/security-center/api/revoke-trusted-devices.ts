import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /wps/member/trusted-devices[/:deviceId] (token): forget one remembered device, or all. */
export function revokeTrustedDevices(deviceId: string | null): Promise<{ revoked: number }> {
  const path =
    deviceId === null ? '/wps/member/trusted-devices' : `/wps/member/trusted-devices/${encodeURIComponent(deviceId)}`;
  return apiRequest<{ revoked: number }>(path, { method: 'DELETE' });
}

/** Mutation for the remembered-devices list; refreshes it. */
export function useRevokeTrustedDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeTrustedDevices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'trusted-devices'] }),
  });
}
