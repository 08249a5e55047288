import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { useSessionSummary } from '../api/get-session-summary';

/** Whole minutes and seconds of a duration, "1 h 05 min" style pieces for the modal. */
function splitDuration(seconds: number): { hours: number; minutes: number } {
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) };
}

/**
 * The reality check (UKGC RTS 13): at each interval of the session, a dialog with the time played
 * and the session's net result, both from the server, offering to stop (log out) or go on. The
 * summary is asked every minute, which also lets the server end a session past a time limit.
 */
export function RealityCheck({ onStop }: { onStop: () => void }) {
  const { t } = useTranslation('responsibleGaming');
  const summary = useSessionSummary();
  const [shownFor, setShownFor] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 5_000);
    return () => window.clearInterval(timer);
  }, []);
  const data = summary.data;
  if (!data || data.intervalMinutes === null) return null;
  const elapsed = Math.max(0, Math.floor((now - new Date(data.sessionStartedAt).getTime()) / 1000));
  const due = Math.floor(elapsed / (data.intervalMinutes * 60));
  if (due <= shownFor) return null;
  const { hours, minutes } = splitDuration(elapsed);
  return (
    <Modal open closable={false} title={t('reality.modalTitle')} size="sm" onClose={() => setShownFor(due)}>
      <div className="rg-reality" data-testid="rg-reality-modal">
        <p>{t('reality.played', { hours, minutes })}</p>
        <dl className="rg-reality__figures">
          <dt>{t('reality.stakes')}</dt>
          <dd>
            {data.stakes} {data.currency}
          </dd>
          <dt>{t('reality.wins')}</dt>
          <dd>
            {data.wins} {data.currency}
          </dd>
          <dt>{t('reality.net')}</dt>
          <dd data-testid="rg-reality-net">
            {data.net} {data.currency}
          </dd>
        </dl>
        <div className="rg-reality__actions">
          <Button variant="secondary" data-testid="rg-reality-stop" onClick={onStop}>
            {t('reality.stop')}
          </Button>
          <Button
            data-testid="rg-reality-continue"
            onClick={() => {
              setShownFor(due);
              void summary.refetch();
            }}
          >
            {t('reality.continue')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
