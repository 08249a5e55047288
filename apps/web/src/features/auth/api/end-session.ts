import { apiRequest } from '../../../lib/api-client';

/**
 * DELETE /wps/session/logout with a given token: end a session that is not (or no longer) the
 * stored one, e.g. the one a login link opened when the player keeps their current login.
 */
export function endSession(token: string): Promise<unknown> {
  return apiRequest<unknown>('/wps/session/logout', { method: 'DELETE', token });
}
