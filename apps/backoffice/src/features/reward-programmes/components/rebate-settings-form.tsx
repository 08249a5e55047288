import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import { opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { REBATE_MAX_RATE_BP, REBATE_MODES, type RebateSettings } from '@wps/shared/schemas/rebate';
import { WINDOW_PERIODS } from '@wps/shared/reward-period-windows';
import { useCan } from '../../../lib/permissions';
import { PendingRebateChange } from './pending-rebate-change';
import { ReasonAndSave } from './reason-and-save';
import { useRebateSettings, useSaveRebateSettings } from '../api/rebate-settings';

/** A rate typed as a percentage with up to two decimals ("0.8" = 80 basis points). */
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,2}([.,]\d{1,2})?$/);
const formSchema = z.object({
  enabled: z.boolean(),
  period: z.enum(WINDOW_PERIODS),
  mode: z.enum(REBATE_MODES),
  rates: z.record(z.string(), z.union([z.literal(''), percent])),
  reason: opsReasonSchema,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const toBp = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

/** The form's values for settings (rates in percent, a category left out empty). */
function formValues(settings: RebateSettings): FormInput {
  const rates = Object.fromEntries(
    GAME_CATEGORIES.map((c) => [c, settings.rates[c] === undefined ? '' : String(settings.rates[c]! / 100)]),
  );
  return { enabled: settings.enabled, period: settings.period, mode: settings.mode, rates, reason: '' };
}

/**
 * The betting bonus: the switch, days or weeks, claimed or paid automatically, and a rate per game
 * category (audited). The form shows the settings in force: what pays less is saved at once, what
 * pays more waits below for another operator (PendingRebateChange).
 */
export function RebateSettingsForm() {
  const settings = useRebateSettings();
  if (!settings.data) return null;
  const { pending, ...inForce } = settings.data;
  return (
    <div className="programme-column">
      <RebateForm key={JSON.stringify(inForce)} settings={inForce} />
      {pending && <PendingRebateChange change={pending} />}
    </div>
  );
}

function RebateForm({ settings }: { settings: RebateSettings }) {
  const { t } = useTranslation(['reward-programmes', 'games']);
  const canChange = useCan('rewards.write');
  const ids = { enabled: useId(), period: useId(), mode: useId() };
  const save = useSaveRebateSettings((result) => t(result.waiting ? 'rebate.waiting' : 'saved'));
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: formValues(settings),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    const bp = Object.fromEntries(Object.entries(v.rates).flatMap(([c, r]) => (r === '' ? [] : [[c, toBp(r)]])));
    if (Object.values(bp).some((r) => r > REBATE_MAX_RATE_BP)) {
      form.setError('root', { message: t('rebate.rateTooHigh', { max: REBATE_MAX_RATE_BP / 100 }) });
      return;
    }
    await save.mutateAsync({ enabled: v.enabled, period: v.period, mode: v.mode, rates: bp, reason: v.reason }).then(
      // The settings in force: a raise is not, until another operator approves it.
      (result) => form.reset(formValues(result)),
      () => undefined,
    );
  });
  return (
    <form onSubmit={submit} noValidate className="programme-form" aria-labelledby="rebate-settings-title">
      <h2 id="rebate-settings-title">{t('rebate.title')}</h2>
      <p>{t('rebate.intro')}</p>
      <div className="programme-switch">
        <input id={ids.enabled} type="checkbox" disabled={!canChange} {...form.register('enabled')} />
        <label htmlFor={ids.enabled}>{t('rebate.enabled')}</label>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.period}>
          {t('rebate.period')}
        </label>
        <select id={ids.period} className="field__input" disabled={!canChange} {...form.register('period')}>
          {WINDOW_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`rebate.periods.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.mode}>
          {t('rebate.mode')}
        </label>
        <select id={ids.mode} className="field__input" disabled={!canChange} {...form.register('mode')}>
          {REBATE_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`rebate.modes.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="programme-rates">
        <legend>{t('rebate.rates')}</legend>
        {GAME_CATEGORIES.map((c) => (
          <TextField
            key={c}
            label={t('rebate.rateOf', { category: t(`games:categories.${c}`) })}
            inputMode="decimal"
            disabled={!canChange}
            {...form.register(`rates.${c}`)}
            error={errors.rates?.[c] && t('rebate.rateInvalid')}
          />
        ))}
      </fieldset>
      {canChange && (
        <ReasonAndSave
          reason={form.register('reason')}
          reasonMissing={Boolean(errors.reason)}
          errorMessage={errors.root?.message ?? save.errorMessage}
          isPending={save.isPending}
        />
      )}
    </form>
  );
}
