/*
 * Popup announcements (type PU) show once per version: the ids and versions a player has seen are
 * kept in localStorage under their username, so another player on the same browser still sees
 * them, and an edited popup (a new version) shows again.
 */

type Versioned = { id: string; version: number };
type SeenMap = Record<string, number>;

const KEY_PREFIX = 'wps.popupSeen.';

export function getPopupSeenKey(username: string): string {
  return `${KEY_PREFIX}${username.toLowerCase()}`;
}

/** Read the seen map; anything unreadable counts as nothing seen. */
export function parseSeen(raw: string | null): SeenMap {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

/** The first popup this player has not seen at its current version, if any. */
export function findUnseenPopup<T extends Versioned>(popups: readonly T[], seen: SeenMap): T | undefined {
  return popups.find((popup) => seen[popup.id] !== popup.version);
}

/** The seen map with this popup's version recorded. */
export function markSeen(seen: SeenMap, popup: Versioned): SeenMap {
  return { ...seen, [popup.id]: popup.version };
}
