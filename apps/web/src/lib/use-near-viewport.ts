import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport (it stays true once it has): a
 * section below the fold asks for its data only when the player scrolls towards it.
 */
export function useNearViewport<T extends Element>(margin = '400px') {
  const ref = useRef<T>(null);
  // Without IntersectionObserver (old browsers) everything counts as near.
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (isNear || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [isNear, margin]);
  return { ref, isNear };
}
