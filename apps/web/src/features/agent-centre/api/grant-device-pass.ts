import { useMutation } from '@tanstack/react-query';
import type { CentreDevicePassResult } from '@wps/shared/schemas/agent-centre';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /wps/agent/centre/downlines/:memberId/device-pass (token, agents only): a direct downline with
 * no mobile and no e-mail receives no login code, so its next login from a new device, within a
 * day, is let through once (the password is still needed).
 */
export function grantDevicePass(memberId: string): Promise<CentreDevicePassResult> {
  return apiRequest<CentreDevicePassResult>(`/wps/agent/centre/downlines/${encodeURIComponent(memberId)}/device-pass`, {
    method: 'POST',
  });
}

export function useGrantDevicePass() {
  return useMutation({ mutationFn: grantDevicePass });
}
