import { useEffect } from 'react';
import { usePermission } from './api/get-permission';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let loadedId: string | null = null;

/**
 * The operator's Google tag (site settings, "delivery": the permission's `analytics.gtagId`), loaded
 * once per page after the first paint so it never delays it. Storage consent starts denied (Google's
 * consent mode): the tag then sends cookieless pings and sets no cookie, as a site without a consent
 * choice must under the LGPD. The CSP lets Google's hosts in only while a tag is set.
 */
export function loadAnalyticsTag(id: string | null | undefined): void {
  if (!id || loadedId) return;
  loadedId = id;
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads each call as an `arguments` object, not an array (Google's snippet does the same).
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  gtag('consent', 'default', {
    analytics_storage: 'denied',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  gtag('js', new Date());
  gtag('config', id);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/** Loads the tag once the permission names one, from the frame after its first paint. */
export function useAnalyticsTag(enabled: boolean): void {
  const { data: permission } = usePermission();
  const id = permission?.analytics?.gtagId;
  useEffect(() => {
    if (enabled) loadAnalyticsTag(id);
  }, [enabled, id]);
}
