import type { LoginResult } from '@wps/shared/schemas/common';
import type { RegisterBody } from '@wps/shared/schemas/member';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/oidc/pending/register (encrypted): the registration form's body; the new account is linked to the waiting identity. */
export function registerOidcPending(body: RegisterBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('/wps/oidc/pending/register', { method: 'POST', body, encrypted: true, token: null });
}
