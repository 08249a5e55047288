import type { CustomerServiceEntry } from '@wps/shared/schemas/system';
import { isVipRankLevel } from '@wps/shared/constants';
import { ONLINE_SERVICE_POPUP, ONLINE_SERVICE_TYPE } from '@wps/shared/online-service';
import type { OnlineServiceEntry } from '@wps/shared/schemas/online-service';
import { toSafeHttpUrl } from '../../lib/safe-url';
import { getOnlineServiceTarget } from './api/get-online-service-target';

export type { CustomerServiceEntry };

/** The customer-service popup (a web chat) opens at 440 by 750, the product's size. */
export const CUSTOMER_SERVICE_POPUP = { width: 440, height: 750 } as const;
const POPUP_FEATURES = `popup,width=${CUSTOMER_SERVICE_POPUP.width},height=${CUSTOMER_SERVICE_POPUP.height},noopener,noreferrer`;

/**
 * The address an entry's link points at, or null when it is not one its kind may open: web
 * entries only http(s), e-mail only mailto:, phone only tel: (the server checks the same on save;
 * this keeps a bad stored value from ever becoming a javascript: link).
 */
export function customerServiceHref(entry: CustomerServiceEntry): string | null {
  switch (entry.openAs) {
    case 'email':
      return /^mailto:[^\s]+$/i.test(entry.path) ? entry.path : null;
    case 'phone':
      return /^tel:\+?[\d-]+$/i.test(entry.path) ? entry.path : null;
    default:
      return toSafeHttpUrl(entry.path);
  }
}

/** Open a popup entry in its 440×750 window (links, e-mail and phone entries are plain links). */
export function openCustomerServicePopup(href: string): void {
  window.open(href, 'wps-customer-service', POPUP_FEATURES);
}

const CHAT_FEATURES = `popup,width=${ONLINE_SERVICE_POPUP.width},height=${ONLINE_SERVICE_POPUP.height}`;

/**
 * Open a chat (type 3) entry in its 440×500 window. The window is opened at once, inside the click,
 * so a popup blocker lets it through; it is sent to the chat's address once the server has answered
 * it (the entry may have been switched off since the list was read), and closed when that fails.
 * Answers false when the browser blocked the window, so the link can open as a plain tab instead.
 */
export function openChatWindow(csType: string, fetchTarget = getOnlineServiceTarget): boolean {
  // Not `noopener`: that answers null, and the window must be pointed at the chat later. Its
  // opener is cut at once instead, so the chat page can never reach back into this one.
  const popup = window.open('', 'wps-online-service', CHAT_FEATURES);
  if (!popup) return false;
  popup.opener = null;
  fetchTarget(csType).then(
    ({ url }) => {
      const href = toSafeHttpUrl(url);
      if (href) popup.location.replace(href);
      else popup.close();
    },
    () => popup.close(),
  );
  return true;
}

const OPEN_AS_OF_TYPE = Object.fromEntries(
  Object.entries(ONLINE_SERVICE_TYPE).map(([openAs, type]) => [type, openAs]),
) as Record<OnlineServiceEntry['type'], CustomerServiceEntry['openAs']>;

/** An online-service list entry as the customer-service pieces show it. */
export function fromOnlineService(entry: OnlineServiceEntry): CustomerServiceEntry {
  return {
    csType: entry.csType,
    name: entry.name,
    path: entry.path,
    openAs: OPEN_AS_OF_TYPE[entry.type],
    vipOnly: entry.vipOnly,
  };
}

/**
 * The entries a player is offered, in order. A VIP player (club rank level above 4) gets the VIP
 * entries first and then the others; everyone else never sees a VIP entry (the product's customer
 * service picks a VIP entry when the club rank level is above 4, else a live-chat entry). Entries
 * whose link cannot be opened are left out.
 */
export function visibleCustomerService(
  entries: readonly CustomerServiceEntry[],
  rankLevel: number | null | undefined,
): CustomerServiceEntry[] {
  const usable = entries.filter((entry) => customerServiceHref(entry) !== null);
  const regular = usable.filter((entry) => !entry.vipOnly);
  return isVipRankLevel(rankLevel) ? [...usable.filter((entry) => entry.vipOnly), ...regular] : regular;
}
