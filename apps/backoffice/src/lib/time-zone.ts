import { useSyncExternalStore } from 'react';
import { isTimeZone } from './zoned-days';

/**
 * The time zone the operator reads days in (reports, date filters), chosen per browser. The
 * default is the site's: the server has no time-zone setting yet, and the demo operator is in
 * Brazil, so São Paulo. When the site settings gain one, read it here as the default.
 */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';
const STORAGE_KEY = 'backoffice-time-zone';
const listeners = new Set<() => void>();

/** Zones offered first in the picker; any zone the browser knows can be stored. */
export const COMMON_TIME_ZONES = [
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Noronha',
  'America/Rio_Branco',
  'UTC',
  'Europe/Lisbon',
] as const;

/** The operator's time zone, for text written outside a component (useTimeZone re-renders on change). */
export function getTimeZone(): string {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored && isTimeZone(stored)) return stored;
  } catch {
    // Storage blocked: the site's zone.
  }
  return SITE_TIME_ZONE;
}

export function setTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, timeZone);
  } catch {
    // Not remembered when storage is blocked.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The operator's time zone; re-renders when it changes. */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, getTimeZone, () => SITE_TIME_ZONE);
}
