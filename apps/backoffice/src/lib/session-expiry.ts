/**
 * When to warn that the operator session is about to end. A session ends at whichever comes
 * first: the idle expiry (moved on by every call) or the absolute one (fixed at sign-in). The
 * watch sleeps until `warnBeforeMs` before that instant, then asks the server for the current
 * instants without touching the session (other calls may have moved the idle one meanwhile),
 * and only then warns: 'idle' can be extended ("stay signed in"), 'absolute' cannot.
 */
export type SessionExpiry = { idleExpiresAt: string; expiresAt: string };

export type ExpiryState = { kind: 'none' } | { kind: 'idle' | 'absolute'; deadline: number } | { kind: 'ended' };

/** Five minutes, or a third of the time left when the whole session is shorter (tests, short configs). */
export const WARN_BEFORE_MS = 5 * 60_000;

/** The instant that ends the session and which kind it is. */
export function firstDeadline(expiry: SessionExpiry): { kind: 'idle' | 'absolute'; at: number } {
  const idle = Date.parse(expiry.idleExpiresAt);
  const absolute = Date.parse(expiry.expiresAt);
  return absolute <= idle ? { kind: 'absolute', at: absolute } : { kind: 'idle', at: idle };
}

export type ExpiryWatchOptions = {
  warnBeforeMs: number;
  now: () => number;
  /** The session's instants, read without touching it; null once the session has ended. */
  fetchExpiry: () => Promise<SessionExpiry | null>;
  onChange: (state: ExpiryState) => void;
};

/**
 * Watch one session: call `update` with the instants whenever they are known afresh (sign-in,
 * "stay signed in"); `stop` when the session ends or the shell unmounts.
 */
export function createExpiryWatch({ warnBeforeMs, now, fetchExpiry, onChange }: ExpiryWatchOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let last: ExpiryState = { kind: 'none' };

  const emit = (state: ExpiryState) => {
    last = state;
    onChange(state);
  };

  const schedule = (expiry: SessionExpiry) => {
    clearTimeout(timer);
    if (stopped) return;
    const { kind, at } = firstDeadline(expiry);
    const left = at - now();
    if (left <= 0) {
      emit({ kind: 'ended' });
      return;
    }
    if (left <= warnBeforeMs) {
      emit({ kind, deadline: at });
      // Check again at the deadline: it ends the session, unless the idle one moved.
      timer = setTimeout(() => void check(), left);
      return;
    }
    if (last.kind !== 'none') emit({ kind: 'none' });
    timer = setTimeout(() => void check(), left - warnBeforeMs);
  };

  const check = async () => {
    let expiry: SessionExpiry | null;
    try {
      expiry = await fetchExpiry();
    } catch {
      // Offline for a moment: try again in half a minute, keeping what is shown.
      if (!stopped) timer = setTimeout(() => void check(), 30_000);
      return;
    }
    if (stopped) return;
    if (expiry === null) emit({ kind: 'ended' });
    else schedule(expiry);
  };

  return {
    update: schedule,
    /** Ask the server now (at start, when the instants are not known yet). */
    check: () => void check(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
