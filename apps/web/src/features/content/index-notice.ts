import type { Announcement } from '@wps/shared/schemas/content';

/*
 * The spec's `index_notice` session cache: the notices (announcements of type H) shown in the
 * notice modal when a visitor enters the site's home page. Kept in sessionStorage for the tab's
 * session: once it is there the modal has been offered, so it shows once per session, and the
 * home page does not ask the server again on every visit.
 */

export const INDEX_NOTICE_KEY = 'index_notice';

export type IndexNotice = { savedAt: number; list: Announcement[] };

/** What an entry stores; anything unreadable counts as nothing stored. */
export function parseIndexNotice(raw: string | null): IndexNotice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<IndexNotice> | null;
    return value && typeof value.savedAt === 'number' && Array.isArray(value.list)
      ? { savedAt: value.savedAt, list: value.list }
      : null;
  } catch {
    return null;
  }
}

export function readIndexNotice(): IndexNotice | null {
  try {
    return parseIndexNotice(sessionStorage.getItem(INDEX_NOTICE_KEY));
  } catch {
    return null;
  }
}

export function saveIndexNotice(list: Announcement[], now = Date.now()): void {
  try {
    sessionStorage.setItem(INDEX_NOTICE_KEY, JSON.stringify({ savedAt: now, list } satisfies IndexNotice));
  } catch {
    // Storage blocked or full: the modal still shows this time.
  }
}
