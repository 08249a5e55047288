import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import {
  opsVipLevelSchema,
  opsVipSettingsSchema,
  VIP_BONUS_KINDS,
  VIP_REVIEW_PERIODS,
  type OpsVipLevel,
  type OpsVipSettings,
} from '@wps/shared/schemas/vip';
import { licenceRefusalOf, licenceRefusalText } from '../../../lib/licence-refusal';
import { SITE_MONEY } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { majorAsTyped, typedMajorText, useAmountLocale } from '../../../lib/typed-money';
import { useSaveVipSettings, useVipSettings } from '../api/vip-settings';

/** The VIP window, review period and every level (thresholds, name, colours, multiplier, bonuses, benefits), saved together. */
export function VipLevelsSection() {
  const settings = useVipSettings();
  return settings.data ? <VipLevelsForm settings={settings.data} /> : null;
}

const MONEY_KEYS = ['turnover', 'deposit', 'upgradeBonus', 'monthlyBonus'] as const;

/**
 * The levels as the operator types them: the thresholds and bonuses read by the shared money
 * parser in their language ("1.500,00"); a points bonus is typed the same way and the server keeps
 * its whole part.
 */
function formSchemaFor(locale: string) {
  const money = typedMajorText(SITE_MONEY.scale, locale);
  const level = opsVipLevelSchema.extend({ turnover: money, deposit: money, upgradeBonus: money, monthlyBonus: money });
  return opsVipSettingsSchema.extend({ levels: z.array(level).min(1).max(21) });
}
type FormSchema = ReturnType<typeof formSchemaFor>;

/** A stored level with its amounts as the operator types them back. */
function typedLevel(level: OpsVipLevel, locale: string): OpsVipLevel {
  const typed = { ...level };
  for (const key of MONEY_KEYS) typed[key] = majorAsTyped(level[key], SITE_MONEY.scale, locale);
  return typed;
}

type TextKey = 'labelName' | 'color' | 'color2' | 'turnover' | 'deposit' | 'upgradeBonus' | 'monthlyBonus';

function VipLevelsForm({ settings }: { settings: OpsVipSettings }) {
  const { t } = useTranslation(['loyalty', 'licence']);
  const id = useId();
  const canWrite = useCan('loyalty.write');
  const save = useSaveVipSettings(t('vip.saved'));
  const locale = useAmountLocale();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<FormSchema>, unknown, OpsVipSettings>({
    resolver: zodResolver(formSchemaFor(locale)),
    defaultValues: { ...settings, levels: settings.levels.map((level) => typedLevel(level, locale)) },
  });
  const levels = useFieldArray({ control, name: 'levels' });
  // The licence's refusal names the level's field (a money bonus on a deposit threshold under BR).
  const refusal = licenceRefusalOf(save.error);
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch {
      // The mutation holds the translated error.
    }
  });
  const addLevel = () => {
    const last = levels.fields[levels.fields.length - 1] as OpsVipLevel | undefined;
    const rank = levels.fields.length;
    levels.append({ ...(last ?? settings.levels[0]!), rankLevel: rank, labelName: `VIP${rank}` });
  };
  const text = (index: number, key: TextKey, extra: Record<string, unknown> = {}) => {
    const refused = refusal?.field === `levels.${index}.${key}` ? licenceRefusalText(t, refusal) : undefined;
    const fieldId = `${id}-${index}-${key}`;
    return (
      <div className={`field${refused ? ' has-error' : ''}`}>
        <label className="field__label" htmlFor={fieldId}>
          {t(`vip.fields.${key}`)}
        </label>
        <input
          id={fieldId}
          className="field__input"
          {...register(`levels.${index}.${key}`)}
          {...extra}
          aria-invalid={errors.levels?.[index]?.[key] || refused ? true : undefined}
          aria-describedby={refused ? `${fieldId}-error` : undefined}
        />
        {refused && (
          <p id={`${fieldId}-error`} className="field__error" role="alert">
            {refused}
          </p>
        )}
      </div>
    );
  };
  const kind = (index: number, key: 'upgradeBonusKind' | 'monthlyBonusKind') => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${index}-${key}`}>
        {t(`vip.fields.${key}`)}
      </label>
      <select id={`${id}-${index}-${key}`} className="field__input" {...register(`levels.${index}.${key}`)}>
        {VIP_BONUS_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`vip.bonusKinds.${k}`)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="loyalty-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className="loyalty-fieldset" disabled={!canWrite}>
        <legend>{t('vip.rules')}</legend>
        <div className="loyalty-grid">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-window`}>
              {t('vip.windowDays')}
            </label>
            <input
              id={`${id}-window`}
              className="field__input"
              inputMode="numeric"
              {...register('windowDays', { valueAsNumber: true })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-review`}>
              {t('vip.reviewPeriod')}
            </label>
            <select id={`${id}-review`} className="field__input" {...register('reviewPeriod')}>
              {VIP_REVIEW_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`vip.reviewPeriods.${p}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      {levels.fields.map((level, index) => (
        <fieldset key={level.id} className="loyalty-fieldset" disabled={!canWrite}>
          <legend>{t('vip.level', { rank: index })}</legend>
          <input type="hidden" {...register(`levels.${index}.rankLevel`, { valueAsNumber: true })} />
          <div className="loyalty-grid">
            {text(index, 'labelName')}
            {text(index, 'color', { type: 'color' })}
            {text(index, 'color2', { type: 'color' })}
            {text(index, 'turnover', { inputMode: 'decimal', readOnly: index === 0 })}
            {text(index, 'deposit', { inputMode: 'decimal', readOnly: index === 0 })}
            <div className="field">
              <label className="field__label" htmlFor={`${id}-${index}-mult`}>
                {t('vip.fields.pointsMultiplierPct')}
              </label>
              <input
                id={`${id}-${index}-mult`}
                className="field__input"
                inputMode="numeric"
                {...register(`levels.${index}.pointsMultiplierPct`, { valueAsNumber: true })}
              />
            </div>
            {kind(index, 'upgradeBonusKind')}
            {text(index, 'upgradeBonus', { inputMode: 'decimal' })}
            {kind(index, 'monthlyBonusKind')}
            {text(index, 'monthlyBonus', { inputMode: 'decimal' })}
          </div>
          <div className="loyalty-grid">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-${index}-bpt`}>
                {t('vip.fields.benefitsPt')}
              </label>
              <textarea
                id={`${id}-${index}-bpt`}
                className="field__input"
                rows={2}
                {...register(`levels.${index}.benefitsPt`)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-${index}-ben`}>
                {t('vip.fields.benefitsEn')}
              </label>
              <textarea
                id={`${id}-${index}-ben`}
                className="field__input"
                rows={2}
                {...register(`levels.${index}.benefitsEn`)}
              />
            </div>
          </div>
          {errors.levels?.[index] && <p className="field__error">{t('vip.invalid')}</p>}
        </fieldset>
      ))}
      <FormError message={save.errorMessage} />
      {canWrite && (
        <div className="loyalty-form__actions">
          <Button type="button" variant="secondary" onClick={addLevel} disabled={levels.fields.length >= 21}>
            {t('vip.addLevel')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => levels.remove(levels.fields.length - 1)}
            disabled={levels.fields.length <= 1}
          >
            {t('vip.removeLevel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </div>
      )}
    </form>
  );
}
