import type { PermissionResult } from '@wps/shared/schemas/system';
import { toSafeHttpUrl } from '../../lib/safe-url';

export type CustomerServiceEntry = PermissionResult['customerService'][number];

/** The customer-service popup opens at 440 by 750. */
const POPUP_FEATURES = 'popup,width=440,height=750,noopener,noreferrer';

/** Open a customer-service entry: web chats in their popup, mailto:/tel: links in the device's app. */
export function openCustomerService(entry: CustomerServiceEntry): void {
  if (/^(mailto|tel):/i.test(entry.path)) {
    window.location.assign(entry.path);
    return;
  }
  const url = toSafeHttpUrl(entry.path);
  if (url) window.open(url, 'wps-customer-service', POPUP_FEATURES);
}
