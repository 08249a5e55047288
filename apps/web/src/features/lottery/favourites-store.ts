// Visitors' favourite games live in local storage: under the username the site remembers from the
// last login (the remember-me cookie), so a player's picks survive until they sign in again, else
// under one visitor key. Signed-in players' favourites are on the server.

const KEY_PREFIX = 'wps.lotteryFavourites.';

function rememberedUsername(): string {
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith('rememberUsername=')) {
      try {
        return decodeURIComponent(item.slice('rememberUsername='.length));
      } catch {
        return '';
      }
    }
  }
  return '';
}

/** The storage key for a username (lower-cased), or the visitor's. */
export function favouritesKey(username: string): string {
  return `${KEY_PREFIX}${username ? username.toLowerCase() : 'visitor'}`;
}

/** A stored list, or nothing when unreadable. */
export function parseFavourites(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function readLocalFavourites(): string[] {
  try {
    return parseFavourites(window.localStorage.getItem(favouritesKey(rememberedUsername())));
  } catch {
    return [];
  }
}

export function writeLocalFavourites(codes: readonly string[]): void {
  try {
    window.localStorage.setItem(favouritesKey(rememberedUsername()), JSON.stringify(codes));
  } catch {
    // Storage blocked: the star still toggles for this visit.
  }
}

/** Games ordered favourites first, otherwise in their own order. */
export function favouritesFirst<T extends { gameCode: string }>(
  games: readonly T[],
  favourites: readonly string[],
): T[] {
  const set = new Set(favourites);
  return [...games.filter((g) => set.has(g.gameCode)), ...games.filter((g) => !set.has(g.gameCode))];
}
