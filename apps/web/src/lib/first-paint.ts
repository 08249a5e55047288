import { startTransition, useEffect, useState } from 'react';
import { createStore } from './create-store';

/**
 * Whether the page has painted once. What is not shown at first (the overlays: auth modals,
 * member centre, toasts) or only decorates (the home's hero art) mounts once this turns true, so
 * its work and its downloads come after the largest paint instead of before it. Anything in view
 * at first is drawn at once: drawn later it would become the largest paint itself, or move things.
 */
const painted = createStore(false);

/** Call once the first render is committed: true after the next frame has been painted. */
export function notePainted(): void {
  if (painted.get()) return;
  const done = () => painted.set(true);
  // A frame callback runs before that frame's paint; the task it queues runs after it. A hidden
  // page runs no frames: the timer makes sure the rest of the page still mounts.
  const fallback = window.setTimeout(done, 1_000);
  window.requestAnimationFrame(() => {
    window.setTimeout(() => {
      window.clearTimeout(fallback);
      done();
    }, 0);
  });
}

/**
 * True once the page has painted (notePainted). The change reaches components as a transition, not
 * through useSyncExternalStore (whose updates render synchronously): everything that mounts after
 * the first paint (menu, footer, overlays, the home's lanes) then renders in slices that yield to
 * the browser, instead of one long task on a phone's main thread.
 */
export function useHasPainted(): boolean {
  const [hasPainted, setHasPainted] = useState(painted.get);
  useEffect(() => {
    const update = () => startTransition(() => setHasPainted(painted.get()));
    // The page may have painted between this component's render and its effect.
    update();
    return painted.subscribe(update);
  }, []);
  return hasPainted;
}
