import { createStore, useStore } from '../lib/create-store';
import { matchesMediaQuery, useMediaQuery } from '../lib/use-media-query';

/** Below this width the side menu is an overlay drawer; above it a collapsible column. */
export const DRAWER_QUERY = '(max-width: 1023px)';

type State = { isExpanded: boolean; isDrawerOpen: boolean };

const STORAGE_KEY = 'sideMenuExpanded';

function readExpanded(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

const sideMenu = createStore<State>({ isExpanded: readExpanded(), isDrawerOpen: false });

/** Whether the viewport uses the drawer form of the side menu. */
export function isDrawerViewport(): boolean {
  return matchesMediaQuery(DRAWER_QUERY);
}

/** The header toggle: opens/closes the drawer on phones, expands/collapses the column on desktop. */
export function toggleSideMenu(): void {
  if (isDrawerViewport()) {
    sideMenu.patch({ isDrawerOpen: !sideMenu.get().isDrawerOpen });
    return;
  }
  const isExpanded = !sideMenu.get().isExpanded;
  try {
    window.localStorage.setItem(STORAGE_KEY, String(isExpanded));
  } catch {
    // Remembered for this page view only.
  }
  sideMenu.patch({ isExpanded });
}

/** Close the phone drawer (after navigation, Escape or a backdrop click). */
export function closeDrawer(): void {
  if (sideMenu.get().isDrawerOpen) sideMenu.patch({ isDrawerOpen: false });
}

/** The side menu's state. */
export function useSideMenu(): State {
  return useStore(sideMenu);
}

/** Whether the side menu is currently in its drawer form; re-renders when the viewport crosses over. */
export function useIsDrawerViewport(): boolean {
  return useMediaQuery(DRAWER_QUERY);
}
