import { useCallback, useEffect, useState } from 'react';

export type Countdown = {
  secondsLeft: number;
  isRunning: boolean;
  /** Count down the given number of seconds. */
  startSeconds: (seconds: number) => void;
  /** Count down until the given epoch time (ms). */
  startUntil: (epochMs: number) => void;
};

/** The 'code sent' countdown of an SMS button; ticks once a second. */
export function useCountdown(): Countdown {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  const startUntil = useCallback((epochMs: number) => {
    setNow(Date.now());
    setEndsAt(epochMs);
  }, []);
  const startSeconds = useCallback((seconds: number) => startUntil(Date.now() + seconds * 1000), [startUntil]);
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, isRunning: secondsLeft > 0, startSeconds, startUntil };
}
