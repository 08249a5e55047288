import type { OperatorSessionExpiry } from '@wps/shared/schemas/operator';
import { ApiError, opsRequest } from '../api-client';

/**
 * The session's expiry instants without touching it (GET /ops/session/expiry); null once the
 * session has ended. Not a query: the expiry watch calls it only when a warning is due.
 */
export async function fetchSessionExpiry(): Promise<OperatorSessionExpiry | null> {
  try {
    return await opsRequest<OperatorSessionExpiry>('/ops/session/expiry');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** "Stay signed in": POST /ops/session/touch moves the idle expiry on and answers the new instants. */
export function touchSession(): Promise<OperatorSessionExpiry> {
  return opsRequest<OperatorSessionExpiry>('/ops/session/touch', { method: 'POST' });
}
