import { useId, type ReactNode } from 'react';
import { get, useForm, useWatch, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import type { SiteSettingKey, SiteSettings, SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { isApiError } from '../../../lib/api-client';
import { ReasonField } from '../../../components/reason-field';
import { siteSettingsKey } from '../api/site-settings';
import { useUpdateSiteSettings } from '../api/update-site-settings';

/** What a section's form holds: its settings (some typed as text, such as amounts) and the reason. */
export type SectionValues = FieldValues & { reason: string };

export type SettingsFormApi<V extends SectionValues> = {
  form: UseFormReturn<V, unknown, Partial<SiteSettings> & { reason: string }>;
  /** The translated error of a field by its path (the server names the same paths), if any. */
  errorOf: (path: Path<V>) => string | undefined;
  canWrite: boolean;
};

type SettingsFormProps<V extends SectionValues> = {
  view: SiteSettingsView;
  /** The settings this section changes; each is sent with the version the operator loaded. */
  keys: readonly SiteSettingKey[];
  /** The form's rules: the shared schemas of `keys`, with text fields turned into their values. */
  schema: z.ZodType<Partial<SiteSettings> & { reason: string }, V>;
  defaultValues: V;
  canWrite: boolean;
  title: string;
  children: (api: SettingsFormApi<V>) => ReactNode;
  /** What a player will see with the values as typed (not saved yet). */
  preview?: (values: V) => ReactNode;
  /** A wide form (a table of rules): the preview goes below it until the screen is very wide. */
  wide?: boolean;
};

/**
 * One section of the site settings: a form over some settings, checked by the schemas the server
 * applies, saved together with one reason. A field the server refuses shows its error under the
 * field; a change someone else made meanwhile (SETTING_CHANGED) is reported with a reload, never
 * overwritten. Without settings.write the fields are shown read-only and there is no save.
 */
export function SettingsForm<V extends SectionValues>({
  view,
  keys,
  schema,
  defaultValues,
  canWrite,
  title,
  children,
  preview,
  wide = false,
}: SettingsFormProps<V>) {
  const { t } = useTranslation('site-settings');
  const headingId = useId();
  const queryClient = useQueryClient();
  const update = useUpdateSiteSettings(() => t('saved'));
  const form = useForm<V, unknown, Partial<SiteSettings> & { reason: string }>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as never,
  });
  const errorOf = (path: Path<V>): string | undefined =>
    get(form.formState.errors, path) ? t('form.invalid') : undefined;
  const submit = form.handleSubmit(async ({ reason, ...values }) => {
    const changes = Object.fromEntries(keys.map((key) => [key, { value: values[key], version: view.versions[key] }]));
    try {
      await update.mutateAsync({ changes, reason });
    } catch (error) {
      if (!isApiError(error, 'VALIDATION_FAILED')) return;
      const fields = (error.value as { fields?: { field?: string }[] } | undefined)?.fields ?? [];
      for (const { field } of fields) if (field) form.setError(field as Path<V>, { type: 'server' });
    }
  });
  const isStale = isApiError(update.error, 'SETTING_CHANGED');
  return (
    <section className="site-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div className={wide ? 'site-section__body site-section__body--wide' : 'site-section__body'}>
        <form onSubmit={submit} noValidate className="site-form">
          <fieldset disabled={!canWrite || update.isPending} className="site-form__fields">
            {children({ form, errorOf, canWrite })}
          </fieldset>
          {canWrite && (
            <>
              <ReasonField
                label={t('form.reason')}
                hint={t('form.reasonHint')}
                required
                error={errorOf('reason' as Path<V>)}
                registration={form.register('reason' as Path<V>)}
              />
              <FormError message={update.errorMessage} />
              <div className="actions">
                {isStale && (
                  <Button
                    variant="secondary"
                    onClick={() => void queryClient.invalidateQueries({ queryKey: siteSettingsKey })}
                  >
                    {t('form.reload')}
                  </Button>
                )}
                <Button type="submit" loading={update.isPending}>
                  {t('form.save')}
                </Button>
              </div>
            </>
          )}
        </form>
        {preview && (
          <aside className="site-preview" aria-label={t('preview.label')}>
            <p className="site-preview__title">{t('preview.title')}</p>
            <LivePreview control={form.control} render={preview} />
          </aside>
        )}
      </div>
    </section>
  );
}

/** The preview, drawn again as the form's values change (useWatch, so only this part re-renders). */
function LivePreview<V extends SectionValues>({
  control,
  render,
}: {
  control: Control<V, unknown, Partial<SiteSettings> & { reason: string }>;
  render: (values: V) => ReactNode;
}) {
  const values = useWatch({ control }) as V;
  return render(values);
}
