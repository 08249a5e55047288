import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { localeTag } from '../lib/i18n';
import './notes-thread.css';

/** One operator's note as the notes routes answer it. */
export type ThreadNote = { id: string; operator: string; body: string; createdAt: string };

/** The note's body as the route takes it; the route's own schema (trimmed, 1 to 2,000 characters). */
export type NoteFormSchema = z.ZodType<{ body: string }, { body: string }>;

/** The words of one thread, from the feature's own locale keys. */
export type NotesThreadLabels = {
  /** The section's heading, which names the list too. */
  title: string;
  /** Said instead of the list while there is no note. */
  none: string;
  /** The form's accessible name. */
  form: string;
  /** The text area's label. */
  label: string;
  /** Under the text area when the form refused the note. */
  error: string;
  /** The submit button. */
  add: string;
};

export type NotesThreadProps = {
  /** Oldest first, as the routes answer them. */
  notes: readonly ThreadNote[];
  labels: NotesThreadLabels;
  schema: NoteFormSchema;
  /** Sends the note (usually the feature's mutation with the record's id); the thread clears the form after it. */
  onAdd: (body: string) => Promise<unknown>;
  /** The sending state and the server's translated error (`useOpsMutation`'s isPending and errorMessage). */
  isPending: boolean;
  errorMessage: string | null;
  /** A test id on the list, for a browser test that reads the thread. */
  testId?: string;
};

/** The longest note the notes routes take (their schemas' max). */
const NOTE_MAX_LENGTH = 2000;

/**
 * An operator's notes on a record under review (an AML case, a monitoring flag): the thread,
 * oldest first, with who wrote each and when, and a form for another. Each feature brings its
 * words, the route's schema and its mutation; the thread stays the same everywhere. A failed send
 * keeps the typed note and shows the server's error under the form.
 */
export function NotesThread({ notes, labels, schema, onAdd, isPending, errorMessage, testId }: NotesThreadProps) {
  const { i18n } = useTranslation();
  const id = useId();
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const form = useForm<{ body: string }>({ resolver: zodResolver(schema), defaultValues: { body: '' } });
  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await onAdd(body);
      form.reset({ body: '' });
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  const error = form.formState.errors.body;
  return (
    <section className="page-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{labels.title}</h2>
      {notes.length === 0 ? (
        <p>{labels.none}</p>
      ) : (
        <ol className="notes-thread" aria-labelledby={`${id}-title`} data-testid={testId}>
          {notes.map((n) => (
            <li key={n.id}>
              <p>{n.body}</p>
              <p className="notes-thread__meta">
                {n.operator} · <time dateTime={n.createdAt}>{dates.format(new Date(n.createdAt))}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="notes-thread__form" aria-label={labels.form} onSubmit={submit} noValidate>
        <div className={`field${error ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={id}>
            {labels.label}
          </label>
          <textarea
            id={id}
            className="field__input"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('body')}
          />
          {error && (
            <p id={`${id}-error`} className="field__error">
              {labels.error}
            </p>
          )}
        </div>
        <FormError message={errorMessage} />
        <div className="actions">
          <Button type="submit" variant="secondary" loading={isPending}>
            {labels.add}
          </Button>
        </div>
      </form>
    </section>
  );
}
