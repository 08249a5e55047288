import { ErrorCode } from '@wps/shared/error-codes';
import { ONLINE_SERVICE_TYPE } from '@wps/shared/online-service';
import type { OnlineServiceList, OnlineServiceTarget } from '@wps/shared/schemas/online-service';
import type { CustomerServiceEntry } from '@wps/shared/schemas/system';
import { AppError } from '../../http/app-error';
import { settingVersion } from './site-settings';
import type { OperatorConfig } from './system.service';

/**
 * The online-service list and its chats' addresses, read from the site settings' customer-service
 * entries (one list for the whole site: the back office's contacts section writes it).
 *
 * No entry's address is hidden or "encrypted" on the way: the original site sent the chat's
 * address scrambled with a key made of its own last 8 characters, which anyone reading the answer
 * can undo. The addresses are public chat pages; the one thing a click asks the server for is
 * whether the chat is still on and where it is now (docs/decisions.md, "The online-service list").
 */
export function createOnlineService(system: { getOperatorConfig(): Promise<OperatorConfig> }) {
  const live = async (): Promise<CustomerServiceEntry[]> =>
    (await system.getOperatorConfig()).customerService.filter((entry) => entry.enabled !== false);

  return {
    /** GET /wps/system/onlineService: the entries switched on, in the operator's order. */
    async list(): Promise<OnlineServiceList> {
      const entries = await live();
      return {
        version: {
          id: settingVersion(entries),
          pathList: entries.map((entry) => ({
            type: ONLINE_SERVICE_TYPE[entry.openAs],
            csType: entry.csType,
            name: entry.name,
            path: entry.path,
            vipOnly: entry.vipOnly,
          })),
        },
      };
    },

    /** GET /wps/system/onlineService/target: where a chat (type 3) entry's window goes now. */
    async target(csType: string): Promise<OnlineServiceTarget> {
      const entry = (await live()).find((candidate) => candidate.openAs === 'chat' && candidate.csType === csType);
      if (!entry) throw new AppError(ErrorCode.ONLINE_SERVICE_NOT_FOUND, 'No such customer-service chat is on');
      return { url: entry.path };
    },
  };
}
