import type { CustomerServiceEntry } from '@wps/shared/schemas/system';
import { isVipRankLevel } from '@wps/shared/constants';
import { toSafeHttpUrl } from '../../lib/safe-url';

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

/**
 * The entries a player is offered, in order. A VIP player (club rank level above 4) gets the VIP
 * entries first and then the others; everyone else never sees a VIP entry (the product's customer
 * service picks a VIP entry when the club rank level is above 4, else a live-chat entry). Entries
 * whose link cannot be opened are left out.
 */
export function visibleCustomerService(entries: readonly CustomerServiceEntry[], rankLevel: number | null | undefined): CustomerServiceEntry[] {
  const usable = entries.filter((entry) => customerServiceHref(entry) !== null);
  const regular = usable.filter((entry) => !entry.vipOnly);
  return isVipRankLevel(rankLevel) ? [...usable.filter((entry) => entry.vipOnly), ...regular] : regular;
}
