import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long to keep looking for a hash target while a lazy section loads. */
const HASH_WAIT_MS = 2000;

/** After navigation, scroll to the hash anchor if there is one, else to the top. */
export function ScrollManager() {
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: look the raw text up instead.
    }
    const started = performance.now();
    let frame = 0;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
        return;
      }
      if (performance.now() - started < HASH_WAIT_MS) frame = requestAnimationFrame(tryScroll);
    };
    tryScroll();
    return () => cancelAnimationFrame(frame);
  }, [pathname, search, hash]);

  return null;
}
