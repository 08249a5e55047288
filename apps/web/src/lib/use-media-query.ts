import { useCallback, useSyncExternalStore } from 'react';

/** Whether `query` matches now; `whenUnsupported` where the browser has no matchMedia (old browsers, some test DOMs). */
export function matchesMediaQuery(query: string, whenUnsupported = false): boolean {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : whenUnsupported;
}

/**
 * Whether a CSS media query matches, re-rendering when it starts or stops matching (a window
 * resized across a breakpoint, a setting changed). Without matchMedia it is `whenUnsupported`; in
 * a server render, false.
 */
export function useMediaQuery(query: string, whenUnsupported = false): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  const snapshot = useCallback(() => matchesMediaQuery(query, whenUnsupported), [query, whenUnsupported]);
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
