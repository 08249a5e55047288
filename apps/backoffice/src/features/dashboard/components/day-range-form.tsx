import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Two calendar days (inclusive) and a button; the parent keys it by the applied range, so a new
 * range from the URL starts a fresh draft.
 */
export function DayRangeForm({ from, to, max, onApply, className, children }: { from: string; to: string; max: string; onApply: (from: string, to: string) => void; className: string; children?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const [draft, setDraft] = useState({ from, to });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!DAY_PATTERN.test(draft.from) || !DAY_PATTERN.test(draft.to)) return;
    onApply(draft.from <= draft.to ? draft.from : draft.to, draft.from <= draft.to ? draft.to : draft.from);
  };
  return (
    <form className={className} onSubmit={submit}>
      {children}
      <label>
        {t('range.from')}
        <input type="date" value={draft.from} max={max} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
      </label>
      <label>
        {t('range.to')}
        <input type="date" value={draft.to} max={max} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
      </label>
      <Button type="submit" variant="secondary" size="sm">
        {t('range.apply')}
      </Button>
    </form>
  );
}
