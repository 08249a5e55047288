import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localeTag } from '../../../lib/i18n';
import { formatAge } from '../age';

const MINUTE_MS = 60_000;

/** The current time, moved on every minute, so the ages in an open queue keep counting. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Dates and ages in the interface language. */
export function useQueueTime() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const locale = localeTag(i18n.language);
    return {
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }),
      full: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'medium' }),
      age: new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }),
    };
  }, [i18n.language]);
}

/** When the order was placed, and how long it has waited ("há 3 h"). */
export function CreatedCell({ iso, now, time }: { iso: string; now: number; time: ReturnType<typeof useQueueTime> }) {
  const at = new Date(iso);
  return (
    <span className="queue-created">
      <time dateTime={iso} title={time.full.format(at)}>
        {time.date.format(at)}
      </time>
      <span className="queue-created__age">{formatAge(iso, now, time.age)}</span>
    </span>
  );
}

/** The player's account name, linking to their page. */
export function PlayerLink({ memberId, account }: { memberId: string; account: string }) {
  return <Link to={`/players/${encodeURIComponent(memberId)}`}>{account}</Link>;
}

/** An order's status as a labelled badge (text and border, never colour alone). */
export function QueueStatus({ status, label }: { status: string; label: string }) {
  return <span className={`queue-status queue-status--${status}`}>{label}</span>;
}
