import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { FreeplayBody } from '@wps/shared/schemas/session';
import { apiRequest } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { showWarning } from '../../../components/ui/warning-store';
import { createRandomKey } from '../random-key';
import { useCompleteLogin } from '../use-complete-login';

/** Gateway version of the free-play call. */
const FREEPLAY_GATEWAY_VERSION = 3;

/** POST /wps/session/login/freeplay (encrypted): a trial (type 4) account with a demo balance. */
export function loginFreePlay(body: FreeplayBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('/wps/session/login/freeplay', { method: 'POST', body, encrypted: true });
}

/** A rough OS name for the free-play call's `os` field. */
function detectOs(): string {
  const ua = navigator.userAgent;
  if (/android/i.test(ua)) return 'Android';
  if (/iphone|ipad|ipod/i.test(ua)) return 'iOS';
  if (/windows/i.test(ua)) return 'Windows';
  if (/mac os/i.test(ua)) return 'macOS';
  if (/linux/i.test(ua)) return 'Linux';
  return 'Other';
}

/**
 * The header's free-demo button: logs in as a trial account, loads its info, closes
 * the modals and goes home. One idempotency key per click, so a double submit credits once.
 */
export function useFreePlay() {
  const completeLogin = useCompleteLogin();
  return useMutation({
    mutationFn: () =>
      loginFreePlay({
        os: detectOs(),
        platform: 'W',
        random: createRandomKey(16),
        gatewayVersion: FREEPLAY_GATEWAY_VERSION,
        idempotencyKey: createRandomKey(16),
      }),
    onSuccess: (result) => completeLogin(result, 'freeplay'),
    onError: (error) => showWarning(translateError(error)),
  });
}
