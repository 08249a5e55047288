import { getSessionValue, setSessionValue } from './session-storage';

/** The game iframe URL lives in session storage under this key. */
export const GAME_URL_KEY = 'gameUrl';

/** The launched game beside its URL, so /game can offer a transfer-wallet vendor's transfer in place. */
export const LAUNCHED_GAME_KEY = 'launchedGame';

export type LaunchedGame = { nodeId: string; vassalage: string };

/** Remember the URL the /game page frames (and, when known, which game it is). */
export function storeGameUrl(url: string, game?: LaunchedGame): void {
  setSessionValue(GAME_URL_KEY, url);
  setSessionValue(LAUNCHED_GAME_KEY, game ? JSON.stringify({ nodeId: game.nodeId, vassalage: game.vassalage }) : null);
}

/** The game the stored URL launched, or null (unknown, or not well-formed). */
export function readLaunchedGame(): LaunchedGame | null {
  try {
    const value = JSON.parse(getSessionValue(LAUNCHED_GAME_KEY) ?? 'null') as Partial<LaunchedGame> | null;
    return typeof value?.nodeId === 'string' && typeof value.vassalage === 'string'
      ? { nodeId: value.nodeId, vassalage: value.vassalage }
      : null;
  } catch {
    return null;
  }
}

/**
 * An absolute http(s) URL, or a root-relative path on this site (our in-house games), or null for
 * anything else (a javascript: or data: URL, or a protocol-relative //host, is never framed).
 */
export function toFrameableUrl(
  value: string | null,
  origin: string = globalThis.location?.origin ?? '',
): string | null {
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
