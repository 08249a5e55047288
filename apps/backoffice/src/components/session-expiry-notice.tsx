import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { useMe } from '../lib/api/get-me';
import { fetchSessionExpiry, touchSession } from '../lib/api/session-expiry';
import { errorText } from '../lib/error-text';
import { localeTag } from '../lib/i18n';
import { setOperatorToken } from '../lib/session';
import { WARN_BEFORE_MS, createExpiryWatch, type ExpiryState, type SessionExpiry } from '../lib/session-expiry';

/** Minutes and seconds left, e.g. "4:05". */
function formatLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The time left, ticking each second; for the eye only (the alert said the time once). */
function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return (
    <span className="session-banner__left" aria-hidden="true">
      {formatLeft(deadline - now)}
    </span>
  );
}

/**
 * A banner under the top bar from a few minutes before the session ends: "stay signed in" for
 * the idle expiry, a plain notice for the absolute one (sign in again to go on). When the time
 * is up the token is dropped, so the sign-in page shows.
 */
export function SessionExpiryNotice() {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const [state, setState] = useState<ExpiryState>({ kind: 'none' });
  const [touching, setTouching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const watch = useRef<ReturnType<typeof createExpiryWatch> | null>(null);

  useEffect(() => {
    const w = createExpiryWatch({
      warnBeforeMs: WARN_BEFORE_MS,
      now: Date.now,
      fetchExpiry: fetchSessionExpiry,
      onChange: setState,
    });
    watch.current = w;
    // The instants of this session, read without touching it (a sign-in seeds "me" without them).
    w.check();
    return () => w.stop();
  }, []);

  const idleExpiresAt = me?.idleExpiresAt;
  const expiresAt = me?.expiresAt;
  useEffect(() => {
    if (idleExpiresAt && expiresAt) watch.current?.update({ idleExpiresAt, expiresAt });
  }, [idleExpiresAt, expiresAt]);

  // Time is up: dropping the token shows the sign-in page.
  useEffect(() => {
    if (state.kind === 'ended') setOperatorToken(null);
  }, [state]);

  if (state.kind !== 'idle' && state.kind !== 'absolute') return null;

  const stay = async () => {
    setTouching(true);
    setError(null);
    try {
      const expiry: SessionExpiry = await touchSession();
      watch.current?.update(expiry);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setTouching(false);
    }
  };

  // The alert says the time once; the ticking countdown is for the eye only, not re-announced every second.
  const time = new Intl.DateTimeFormat(localeTag(i18n.language), { timeStyle: 'short' }).format(state.deadline);
  return (
    <div className="session-banner" role="region" aria-label={t('session.label')}>
      <p role="alert">
        {state.kind === 'idle' ? t('session.idleWarning', { time }) : t('session.absoluteWarning', { time })}
      </p>
      <Countdown key={state.deadline} deadline={state.deadline} />
      {state.kind === 'idle' && (
        <Button size="sm" loading={touching} onClick={() => void stay()}>
          {t('session.stay')}
        </Button>
      )}
      {error && <p className="form-error">{error}</p>}
    </div>
  );
}
