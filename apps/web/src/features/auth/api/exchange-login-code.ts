import type { LoginResult } from '@wps/shared/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /wps/session/login/exchange: trade a login link's single-use code for a new session.
 * Sent without the stored token: the code alone decides whose session opens.
 */
export function exchangeLoginCode(code: string): Promise<LoginResult> {
  return apiRequest<LoginResult>('/wps/session/login/exchange', { method: 'POST', body: { code }, token: null });
}
