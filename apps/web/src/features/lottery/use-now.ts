import { useEffect, useState } from 'react';

/** The browser's time, ticking once a second while mounted: a countdown's redraw, with no request behind it. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
