import type { Banner } from '@wps/shared/schemas/content';
import { promotionDetailPath } from './promotion-path';

/** Autoplay interval of a banner strip with more than one banner (the product's 5000 ms). */
export const BANNER_AUTOPLAY_MS = 5_000;

/** Where a click on a banner goes: an in-site route, an external page (new tab), a game's launch, or nowhere. */
export type BannerLink =
  | { kind: 'route'; to: string }
  | { kind: 'external'; href: string }
  | { kind: 'game'; nodeId: string; vassalage: string }
  | null;

/**
 * The link of a banner's linkage. `url` must be http(s) (anything else, such as javascript:, is no
 * link); `page` must be a path of this site (not `//host`); a promotion opens its own page
 * (/promoDetail?id=, its rules and period); a game linkage launches the game, with the vendor the
 * server found for its node (none when the game is gone: no link).
 */
export function toBannerLink(banner: Pick<Banner, 'linkageType' | 'linkageTarget' | 'linkageVendor'>): BannerLink {
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
      return banner.linkageVendor ? { kind: 'game', nodeId: target, vassalage: banner.linkageVendor } : null;
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
