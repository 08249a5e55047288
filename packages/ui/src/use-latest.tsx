import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest value, for listeners set up once (a document keydown
 * handler, a scroll watcher) that must call the current callback without being set up again.
 * It is updated after render, in a layout effect, because React may render and throw away a
 * render: writing a ref during render would leak a value that never reached the screen.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
