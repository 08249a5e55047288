import type { Resource } from '@wps/shared/schemas/system';
import { toSafeHttpUrl } from '../../lib/safe-url';

export const APP_PLATFORMS = ['android', 'ios'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** The operator's resource each platform installs from: the APK, and iOS's configuration profile. */
const RESOURCE_TYPE: Record<AppPlatform, string> = { android: 'ANDROID', ios: 'MOBILECONFIG' };

/**
 * The download link of a platform's app, or null when the operator configured none (or one that
 * is not a web link: a QR code must never carry a javascript: or data: address).
 */
export function findAppLink(resources: readonly Resource[], platform: AppPlatform): string | null {
  const resource = resources.find((entry) => entry.resourceType.toUpperCase() === RESOURCE_TYPE[platform]);
  return resource ? toSafeHttpUrl(resource.url) : null;
}
