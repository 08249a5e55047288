import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { ReasonField } from '../../../components/reason-field';
import { openAmlCaseFormSchema, useOpenAmlCase } from '../api/open-aml-case';

/** An operator opens a case on a player (by the player's id) with what they saw; the case's page opens. */
export function OpenCaseForm() {
  const { t } = useTranslation('aml');
  const id = useId();
  const navigate = useNavigate();
  const open = useOpenAmlCase((opened) => t('open.opened', { id: opened.id }));
  const form = useForm<z.input<typeof openAmlCaseFormSchema>, unknown, z.output<typeof openAmlCaseFormSchema>>({
    resolver: zodResolver(openAmlCaseFormSchema),
    defaultValues: { memberId: '', summary: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      const opened = await open.mutateAsync(body);
      form.reset({ memberId: '', summary: '' });
      navigate(`/compliance/aml/${opened.id}`);
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  const { errors } = form.formState;
  return (
    <section className="page-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('open.title')}</h2>
      <form className="aml-form" aria-label={t('open.title')} onSubmit={submit} noValidate>
        <div className={`field${errors.memberId ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={`${id}-member`}>
            {t('open.memberId')}
          </label>
          <input
            id={`${id}-member`}
            className="field__input"
            inputMode="numeric"
            aria-invalid={errors.memberId ? true : undefined}
            aria-describedby={errors.memberId ? `${id}-member-error` : undefined}
            {...form.register('memberId')}
          />
          {errors.memberId && (
            <p id={`${id}-member-error`} className="field__error">
              {t('open.memberIdError')}
            </p>
          )}
        </div>
        <ReasonField
          label={t('open.summary')}
          hint={t('open.summaryHint')}
          required
          error={errors.summary ? t('open.summaryError') : undefined}
          registration={form.register('summary')}
          maxLength={500}
        />
        <FormError message={open.errorMessage} />
        <div className="actions">
          <Button type="submit" loading={open.isPending}>
            {t('open.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
