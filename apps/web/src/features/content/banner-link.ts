import type { Banner } from '@wps/shared/schemas/content';
import { promotionDetailPath } from './promotion-view';

/** Autoplay interval of a banner strip with more than one banner (the product's 5000 ms). */
export const BANNER_AUTOPLAY_MS = 5_000;

/** Where a click on a banner goes: an in-site route, an external page (new tab), or nowhere. */
export type BannerLink = { kind: 'route'; to: string } | { kind: 'external'; href: string } | null;

/**
 * The link of a banner's linkage. `url` must be http(s) (anything else, such as javascript:, is no
 * link); `page` must be a path of this site (not `//host`); a promotion opens its own page
 * (/promoDetail?id=, its rules and period). A game linkage names a node
 * without its vendor, which launching needs, so it is no link yet.
 */
export function toBannerLink(banner: Pick<Banner, 'linkageType' | 'linkageTarget'>): BannerLink {
  const target = banner.linkageTarget?.trim();
  if (!banner.linkageType || !target) return null;
  switch (banner.linkageType) {
    case 'url':
      return isHttpUrl(target) ? { kind: 'external', href: target } : null;
    case 'page':
      return /^\/(?!\/)[A-Za-z0-9/_-]*$/.test(target) ? { kind: 'route', to: target } : null;
    case 'promotion':
      return /^\d+$/.test(target) ? { kind: 'route', to: promotionDetailPath(target) } : null;
    case 'game':
      return null;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
