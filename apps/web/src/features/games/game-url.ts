import { getSessionValue, setSessionValue } from '../../lib/session-storage';

/** Spec §3 storage: the game iframe URL lives in session storage under this key. */
export const GAME_URL_KEY = 'gameUrl';

/** Remember the URL the /game page frames. */
export function storeGameUrl(url: string): void {
  setSessionValue(GAME_URL_KEY, url);
}

/** An absolute http(s) URL, or null for anything else (a javascript: or data: URL is never framed). */
export function toFrameableUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The stored iframe URL, when it is safe to frame. */
export function readGameUrl(): string | null {
  return toFrameableUrl(getSessionValue(GAME_URL_KEY));
}
