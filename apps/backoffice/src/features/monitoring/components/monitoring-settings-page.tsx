import { useEffect, useMemo } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TextField } from '@wps/ui/text-field';
import {
  MONITORING_RULE_SETTINGS,
  MONITORING_RULES,
  type MonitoringRule,
  type MonitoringSettings,
} from '@wps/shared/schemas/monitoring';
import { SelectField } from '../../../components/select-field';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { SITE_MONEY } from '../../../lib/money';
import { useMonitoringSettings } from '../api/monitoring-settings';
import { useSaveMonitoringSettings } from '../api/save-monitoring-settings';
import {
  RULE_FIELDS,
  monitoringFormSchema,
  toFormValues,
  type MonitoringFormValues,
  type ThresholdField,
} from '../settings-form';
import './monitoring.css';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * Behaviour monitoring's thresholds (settings.write; reached from the flags list): the scan's
 * master switch, and for each rule its own switch and thresholds, amounts in the site currency.
 * The server keeps each change in the audit log with the whole set before and after.
 */
export function MonitoringSettingsPage() {
  const { t } = useTranslation('monitoring');
  const { t: tc } = useTranslation();
  const settings = useMonitoringSettings();

  useEffect(() => {
    document.title = t('settings.documentTitle');
  }, [t]);

  return (
    <section className="page" aria-labelledby="monitoring-settings-title">
      <p>
        <Link to="/compliance/monitoring">{t('flag.back')}</Link>
      </p>
      <div className="page-header">
        <h1 id="monitoring-settings-title">{t('settings.title')}</h1>
      </div>
      <p>{t('settings.intro')}</p>
      {settings.isPending ? (
        <LoadingState label={t('settings.loading')} />
      ) : settings.isError ? (
        <ErrorState message={errorText(tc, settings.error)} />
      ) : (
        <SettingsForm current={settings.data} />
      )}
    </section>
  );
}

function SettingsForm({ current }: { current: MonitoringSettings }) {
  const { t, i18n } = useTranslation('monitoring');
  const locale = localeTag(i18n.language);
  const schema = useMemo(() => monitoringFormSchema(SITE_MONEY.scale, locale), [locale]);
  const save = useSaveMonitoringSettings(() => t('settings.saved'));
  const form = useForm<MonitoringFormValues, unknown, MonitoringSettings>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(current, SITE_MONEY.scale, locale),
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      form.reset(toFormValues(await save.mutateAsync(body), SITE_MONEY.scale, locale));
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <form className="monitoring-settings" aria-label={t('settings.formTitle')} onSubmit={submit} noValidate>
      <label className="monitoring-switch">
        <input type="checkbox" role="switch" {...form.register('enabled')} />
        <span>{t('settings.enabled')}</span>
      </label>
      <p className="field__hint">{t('settings.enabledHint')}</p>
      {MONITORING_RULES.map((rule) => (
        <RuleFieldset key={rule} rule={rule} form={form} />
      ))}
      <FormError message={save.errorMessage} />
      <div className="actions">
        <Button type="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

function RuleFieldset({
  rule,
  form,
}: {
  rule: MonitoringRule;
  form: ReturnType<typeof useForm<MonitoringFormValues, unknown, MonitoringSettings>>;
}) {
  const { t } = useTranslation('monitoring');
  const group = MONITORING_RULE_SETTINGS[rule];
  const errors = (form.formState.errors[group] ?? {}) as Record<string, FieldError | undefined>;
  // Each group's paths are typed by its own fields; the field list is the shared schema's, so the names match.
  const register = form.register as (name: string) => ReturnType<typeof form.register>;
  const errorOf = (f: ThresholdField) => {
    const error = errors[f.name];
    if (!error) return undefined;
    if (f.kind === 'money') return t('settings.moneyError', { scale: SITE_MONEY.scale });
    if (f.kind === 'hour') return t('settings.hoursError');
    return t('settings.intError', { min: f.min, max: f.max });
  };
  return (
    <fieldset className="monitoring-rule" aria-describedby={`monitoring-rule-${rule}-help`}>
      <legend>{t(`rules.${rule}`)}</legend>
      <p id={`monitoring-rule-${rule}-help`} className="field__hint">
        {t(`ruleHelp.${rule}`)}
      </p>
      <label className="monitoring-switch">
        <input type="checkbox" role="switch" {...register(`${group}.enabled`)} />
        <span>{t('settings.ruleEnabled', { rule: t(`rules.${rule}`) })}</span>
      </label>
      <div className="monitoring-rule__fields">
        {RULE_FIELDS[group].map((f) =>
          f.kind === 'hour' ? (
            <SelectField
              key={f.name}
              label={t(`settings.fields.${group}.${f.name}`)}
              error={errorOf(f)}
              {...register(`${group}.${f.name}`)}
            >
              {HOURS.map((h) => (
                <option key={h} value={String(h)}>
                  {`${String(h).padStart(2, '0')}:00`}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField
              key={f.name}
              label={
                f.kind === 'money'
                  ? t(`settings.fields.${group}.${f.name}`, { currency: SITE_MONEY.currency })
                  : t(`settings.fields.${group}.${f.name}`)
              }
              hint={f.kind === 'money' ? t('settings.moneyHint') : t('settings.range', { min: f.min, max: f.max })}
              requiredMark
              inputMode={f.kind === 'money' ? 'decimal' : 'numeric'}
              autoComplete="off"
              error={errorOf(f)}
              {...register(`${group}.${f.name}`)}
            />
          ),
        )}
      </div>
    </fieldset>
  );
}
