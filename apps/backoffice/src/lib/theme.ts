import { useSyncExternalStore } from 'react';

export type Theme = 'dark' | 'light';

/** Same key public/theme-init.js reads before the first paint. */
const STORAGE_KEY = 'backoffice-theme';
const listeners = new Set<() => void>();

function getTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function toggleTheme(): void {
  const theme: Theme = getTheme() === 'dark' ? 'light' : 'dark';
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Not remembered when storage is blocked; the switch still applies.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'dark' as Theme);
}
