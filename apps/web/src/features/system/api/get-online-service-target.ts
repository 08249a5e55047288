import type { OnlineServiceTarget } from '@wps/shared/schemas/online-service';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /wps/system/onlineService/target: where a chat (type 3) entry's window goes now; 404
 * ONLINE_SERVICE_NOT_FOUND once the operator has switched it off. Asked at each click, never cached.
 */
export function getOnlineServiceTarget(csType: string): Promise<OnlineServiceTarget> {
  return apiRequest<OnlineServiceTarget>('/wps/system/onlineService/target', { query: { csType } });
}
