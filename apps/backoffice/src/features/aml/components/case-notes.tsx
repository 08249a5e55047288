import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import type { AmlCaseDetail } from '@wps/shared/schemas/aml';
import { localeTag } from '../../../lib/i18n';
import { amlNoteFormSchema, useAddAmlNote } from '../api/add-aml-note';

/** The case's notes, oldest first, with a form for another (open to every state: what followed a filing counts too). */
export function CaseNotes({ amlCase }: { amlCase: AmlCaseDetail }) {
  const { t, i18n } = useTranslation('aml');
  const id = useId();
  const add = useAddAmlNote(() => t('notes.added'));
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const form = useForm<z.input<typeof amlNoteFormSchema>, unknown, z.output<typeof amlNoteFormSchema>>({
    resolver: zodResolver(amlNoteFormSchema),
    defaultValues: { body: '' },
  });
  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await add.mutateAsync({ id: amlCase.id, body });
      form.reset({ body: '' });
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  const error = form.formState.errors.body;
  return (
    <section className="page-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('notes.title')}</h2>
      {amlCase.noteList.length === 0 ? (
        <p>{t('notes.none')}</p>
      ) : (
        <ol className="aml-notes" aria-label={t('notes.title')}>
          {amlCase.noteList.map((n) => (
            <li key={n.id}>
              <p>{n.body}</p>
              <p className="aml-note-meta">
                {n.operator} · <time dateTime={n.createdAt}>{dates.format(new Date(n.createdAt))}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="aml-form" aria-label={t('notes.form')} onSubmit={submit} noValidate>
        <div className={`field${error ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={id}>
            {t('notes.label')}
          </label>
          <textarea
            id={id}
            className="field__input"
            rows={3}
            maxLength={2000}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('body')}
          />
          {error && (
            <p id={`${id}-error`} className="field__error">
              {t('notes.error')}
            </p>
          )}
        </div>
        <FormError message={add.errorMessage} />
        <div className="actions">
          <Button type="submit" variant="secondary" loading={add.isPending}>
            {t('notes.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}
