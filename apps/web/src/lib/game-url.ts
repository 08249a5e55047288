import { getSessionValue, setSessionValue } from './session-storage';

/** The game iframe URL lives in session storage under this key. */
export const GAME_URL_KEY = 'gameUrl';

/** Remember the URL the /game page frames. */
export function storeGameUrl(url: string): void {
  setSessionValue(GAME_URL_KEY, url);
}

/**
 * An absolute http(s) URL, or a root-relative path on this site (our in-house games), or null for
 * anything else (a javascript: or data: URL, or a protocol-relative //host, is never framed).
 */
export function toFrameableUrl(value: string | null, origin: string = globalThis.location?.origin ?? ''): string | null {
  if (!value) return null;
  try {
    const sameSite = value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
    if (value.startsWith('/') && !sameSite) return null;
    const url = sameSite ? new URL(value, origin) : new URL(value);
    // The URL parser drops tabs and newlines, so '/\t/host' would still leave the site.
    if (sameSite && url.origin !== new URL(origin).origin) return null;
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The stored iframe URL, when it is safe to frame. */
export function readGameUrl(): string | null {
  return toFrameableUrl(getSessionValue(GAME_URL_KEY));
}
