import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';

/** The filters as the URL keeps them: the endpoint's names, instants as ISO strings. */
export type AuditFilterValues = Readonly<Record<string, string>>;

const DAY_MS = 86_400_000;

/** A date input's day (local) to the instant it starts, as ISO. */
function dayStart(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString();
}

/** An ISO instant to the local day a date input shows. */
function localDay(iso: string | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** `to` is exclusive on the server; the form's "to" day is inclusive, so it sends the next day's start. */
function dayAfterStart(day: string): string {
  return new Date(new Date(`${day}T00:00:00`).getTime() + DAY_MS).toISOString();
}

/**
 * Filters for the audit log: actor, action, subject type and id, and a date range. Applied on
 * submit (one list request per change, not per keystroke); the values live in the URL.
 */
export function AuditFilters({
  values,
  onApply,
}: {
  values: AuditFilterValues;
  onApply: (patch: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation('audit');
  const initial = () => ({
    actor: values.actor ?? '',
    action: values.action ?? '',
    subjectType: values.subjectType ?? '',
    subjectId: values.subjectId ?? '',
    from: localDay(values.from),
    to: values.to ? localDay(new Date(new Date(values.to).getTime() - DAY_MS).toISOString()) : '',
  });
  const [form, setForm] = useState(initial);
  const set = (key: keyof ReturnType<typeof initial>) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      actor: form.actor.trim() || null,
      action: form.action.trim() || null,
      subjectType: form.subjectType.trim() || null,
      subjectId: form.subjectId.trim() || null,
      from: form.from ? dayStart(form.from) : null,
      to: form.to ? dayAfterStart(form.to) : null,
    });
  };
  const clear = () => {
    setForm({ actor: '', action: '', subjectType: '', subjectId: '', from: '', to: '' });
    onApply({ actor: null, action: null, subjectType: null, subjectId: null, from: null, to: null });
  };

  return (
    <form className="table-toolbar__filters audit-filters" onSubmit={submit} aria-label={t('filters.legend')}>
      <TextField
        label={t('filters.actor')}
        hint={t('filters.actorHint')}
        value={form.actor}
        onChange={set('actor')}
        name="actor"
        autoComplete="off"
      />
      <TextField
        label={t('filters.action')}
        hint={t('filters.actionHint')}
        value={form.action}
        onChange={set('action')}
        name="action"
        autoComplete="off"
      />
      <TextField
        label={t('filters.subjectType')}
        value={form.subjectType}
        onChange={set('subjectType')}
        name="subjectType"
        autoComplete="off"
      />
      <TextField
        label={t('filters.subjectId')}
        value={form.subjectId}
        onChange={set('subjectId')}
        name="subjectId"
        autoComplete="off"
      />
      <TextField
        label={t('filters.from')}
        type="date"
        value={form.from}
        onChange={set('from')}
        name="from"
        max={form.to || undefined}
      />
      <TextField
        label={t('filters.to')}
        type="date"
        value={form.to}
        onChange={set('to')}
        name="to"
        min={form.from || undefined}
      />
      <div className="audit-filters__buttons">
        <Button type="submit" size="sm">
          {t('filters.apply')}
        </Button>
        <Button variant="ghost" size="sm" onClick={clear}>
          {t('filters.clear')}
        </Button>
      </div>
    </form>
  );
}
