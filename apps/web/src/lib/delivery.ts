import { useQuery } from '@tanstack/react-query';
import type { PermissionResult } from '@wps/shared/schemas/system';
import { permissionQueryOptions } from './api/get-permission';

/**
 * The operator's CDNs (site settings, "delivery"): each page picks one base of each list for its
 * tab, the spec's `imgUrl` (pictures) and `startGameUrl` (the in-house games' pages), kept in
 * session storage so one tab fetches from one CDN and reuses its cache. A base serves the same
 * paths as the site (a pull-through CDN in front of it): only a path on the site itself is moved
 * to it; a vendor's own address is left alone. With no list the site serves everything itself.
 */
export type DeliveryKey = 'imgUrl' | 'startGameUrl';

/** The tab's base for `key`: the one kept while the list still offers it, else a random entry. */
export function pickBase(key: DeliveryKey, list: readonly string[], random: () => number = Math.random): string {
  if (list.length === 0) return '';
  let kept: string | null = null;
  try {
    kept = window.sessionStorage.getItem(key);
  } catch {
    // No session storage: a pick per call is still one of the operator's CDNs.
  }
  if (kept && list.includes(kept)) return kept;
  const base = list[Math.floor(random() * list.length)] ?? '';
  try {
    window.sessionStorage.setItem(key, base);
  } catch {
    // As above.
  }
  return base;
}

/** `path` on `base` when it is a path on the site itself ("/games/x.webp"); anything else as it is. */
export function onBase(base: string, path: string): string {
  if (!base || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${base.replace(/\/+$/, '')}${path}`;
}

const imageCdns = (p: PermissionResult) => p.imageCDNs;

/** A picture's address on the tab's picture CDN (the site's own while the settings load or none is set). */
export function useImageSrc(path: string): string {
  const { data: list } = useQuery({ ...permissionQueryOptions, select: imageCdns });
  return onBase(pickBase('imgUrl', list ?? []), path);
}

/** A game page's address on the tab's game CDN, from the permission already fetched (the launch follows a click). */
export function gamePageUrl(permission: PermissionResult | undefined, url: string): string {
  return onBase(pickBase('startGameUrl', permission?.launchGameCDNs ?? []), url);
}
