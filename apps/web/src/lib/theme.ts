import { createStore, useStore } from './create-store';

export type Theme = 'dark' | 'light';

const STORAGE_KEY = 'theme';
/** Counts theme switches; the theme itself stays on the document, where the first paint put it. */
const themeChanges = createStore(0);

/** The theme on the document; public/theme-init.js sets it before the first paint. */
export function getTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** Switch and remember the theme. */
export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Not remembered when storage is blocked; the switch still applies.
  }
  themeChanges.set((n) => n + 1);
}

/** Flip between dark and light. */
export function toggleTheme(): void {
  setTheme(getTheme() === 'dark' ? 'light' : 'dark');
}

/** The current theme; re-renders on change. */
export function useTheme(): Theme {
  return useStore(themeChanges, getTheme);
}
