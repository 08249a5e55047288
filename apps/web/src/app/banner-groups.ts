import { HOME_PAGE_PATHS } from '@wps/shared/home-paths';
import type { BannerGroup } from '../features/content/api/list-banners';

/**
 * The banner group of each route of the site that exists (the product's w_home, w_rng, …); a path
 * without one shows no banner strip. Matched on the path without a trailing slash, any case.
 */
const GROUP_BY_PATH: Record<string, BannerGroup> = {
  // The server writes the first home banner into these pages' index.html (the same list).
  ...Object.fromEntries(HOME_PAGE_PATHS.map((path) => [path, 'w_home' as const])),
  '/rng': 'w_rng',
  '/live': 'w_live',
  '/fish': 'w_fish',
  '/pvp': 'w_pvp',
  '/sports': 'w_sports',
  '/esports': 'w_esports',
  '/elott': 'w_lott',
  '/help': 'w_help',
  '/down': 'w_down',
  '/register': 'w_reg',
  '/register.html': 'w_reg',
  '/inhouse': 'w_inhouse',
  '/pointmall': 'w_shop',
};

/** The banner group of a path, or null; in-house game pages (/inhouse/:game) share w_inhouse. */
export function findBannerGroup(pathname: string): BannerGroup | null {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  if (/^\/inhouse\/[^/]+$/.test(path)) return 'w_inhouse';
  return GROUP_BY_PATH[path] ?? null;
}

/** Home's banners are a centred slider with dots; every other page shows one slide at a time. */
export function isHomeBannerGroup(group: BannerGroup): boolean {
  return group === 'w_home';
}
