import { useMemo } from 'react';
import { useFieldArray, useForm, useWatch, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import { MISSION_STATUSES, MISSION_STEP_KINDS, type MissionInput, type OpsMission } from '@wps/shared/schemas/missions';
import { WINDOW_PERIODS } from '@wps/shared/reward-period-windows';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { localeTag } from '../../../lib/i18n';
import { licenceRefusalOf, licenceRefusalText } from '../../../lib/licence-refusal';
import { SITE_MONEY } from '../../../lib/money';
import { useSaveMission } from '../api/save-mission';
import {
  EMPTY_MISSION,
  EMPTY_STEP,
  MAX_STEPS,
  MONEY_STEPS,
  missionFormSchema,
  toFormValues,
  type MissionFormValues,
} from '../mission-form';

/**
 * Write a mission or change one: its set (daily or weekly), titles in both languages, the steps
 * (1 to 5, each a stake on a category or any, a deposit, different games or days logged in),
 * the reward paid on its claim, its status and the reason kept in the audit log.
 */
export function MissionDialog({ mission, onClose }: { mission?: OpsMission | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation(['missions', 'games', 'licence']);
  const schema = useMemo(() => missionFormSchema(localeTag(i18n.language)), [i18n.language]);
  const form = useForm<MissionFormValues, unknown, MissionInput>({
    resolver: zodResolver(schema),
    defaultValues: mission ? toFormValues(mission, i18n.language) : EMPTY_MISSION,
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const kinds = useWatch({ control: form.control, name: 'steps' });
  const { errors } = form.formState;
  const save = useSaveMission((saved) =>
    t('form.saved', { title: i18n.language === 'pt' ? saved.titlePt : saved.titleEn }),
  );

  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ input, id: mission?.id });
    } catch {
      return; // The mutation holds the server's error; the dialog stays open to show it.
    }
    onClose();
  });

  const err = (e: FieldError | undefined, key: string) => (e ? t(`form.errors.${key}`) : undefined);
  // The licence's refusal names the step it concerns (a deposit step under BR): shown under that step's kind.
  const refusal = licenceRefusalOf(save.error);
  const refusedAt = (field: string) => (refusal?.field === field ? licenceRefusalText(t, refusal) : undefined);

  return (
    <Modal
      open
      onClose={onClose}
      title={
        mission
          ? t('form.editTitle', { title: i18n.language === 'pt' ? mission.titlePt : mission.titleEn })
          : t('form.newTitle')
      }
      size="lg"
      closable={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="missions-form">
        <div className="missions-form__row">
          <label className="field">
            <span className="field__label">{t('form.cadence')}</span>
            <select className="field__input" {...form.register('cadence')}>
              {WINDOW_PERIODS.map((c) => (
                <option key={c} value={c}>
                  {t(`cadences.${c}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('form.status')}</span>
            <select className="field__input" {...form.register('status')}>
              {MISSION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`statuses.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="missions-form__row">
          <TextField label={t('form.titlePt')} error={err(errors.titlePt, 'title')} {...form.register('titlePt')} />
          <TextField label={t('form.titleEn')} error={err(errors.titleEn, 'title')} {...form.register('titleEn')} />
        </div>
        <div className="missions-form__row">
          <TextField
            label={t('form.reward', { currency: SITE_MONEY.currency })}
            inputMode="decimal"
            error={err(errors.reward, 'amount')}
            {...form.register('reward')}
          />
          <TextField
            label={t('form.sortOrder')}
            inputMode="numeric"
            error={err(errors.sortOrder, 'sortOrder')}
            {...form.register('sortOrder')}
          />
        </div>

        <fieldset className="missions-form__steps">
          <legend className="field__label">{t('form.steps')}</legend>
          <p className="missions-muted">{t('form.stepsHint')}</p>
          {steps.fields.map((field, i) => {
            const kind = kinds[i]?.kind ?? 'stake';
            const e = errors.steps?.[i];
            return (
              <fieldset key={field.id} className="missions-step">
                <legend>{t('form.stepN', { n: i + 1 })}</legend>
                <div className="missions-form__row">
                  <label className={`field${refusedAt(`steps.${i}.kind`) ? ' has-error' : ''}`}>
                    <span className="field__label">{t('form.stepKind')}</span>
                    <select
                      className="field__input"
                      aria-invalid={refusedAt(`steps.${i}.kind`) ? true : undefined}
                      {...form.register(`steps.${i}.kind`)}
                    >
                      {MISSION_STEP_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {t(`kinds.${k}`)}
                        </option>
                      ))}
                    </select>
                    {refusedAt(`steps.${i}.kind`) && (
                      <span className="field__error" role="alert">
                        {refusedAt(`steps.${i}.kind`)}
                      </span>
                    )}
                  </label>
                  {kind === 'stake' && (
                    <label className="field">
                      <span className="field__label">{t('form.category')}</span>
                      <select className="field__input" {...form.register(`steps.${i}.category`)}>
                        <option value="">{t('form.anyCategory')}</option>
                        {GAME_CATEGORIES.map((c) => (
                          <option key={c} value={c}>
                            {t(`games:categories.${c}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                  <TextField
                    label={
                      MONEY_STEPS.includes(kind)
                        ? t('form.targetMoney', { currency: SITE_MONEY.currency })
                        : t(`form.targetCount.${kind}`)
                    }
                    inputMode={MONEY_STEPS.includes(kind) ? 'decimal' : 'numeric'}
                    error={
                      e?.target
                        ? t(
                            kind === 'login_days'
                              ? 'form.errors.days'
                              : MONEY_STEPS.includes(kind)
                                ? 'form.errors.amount'
                                : 'form.errors.count',
                          )
                        : undefined
                    }
                    {...form.register(`steps.${i}.target`)}
                  />
                </div>
                {steps.fields.length > 1 && (
                  <Button type="button" size="sm" variant="ghost" onClick={() => steps.remove(i)}>
                    {t('form.removeStep', { n: i + 1 })}
                  </Button>
                )}
              </fieldset>
            );
          })}
          {steps.fields.length < MAX_STEPS && (
            <Button type="button" size="sm" variant="secondary" onClick={() => steps.append(EMPTY_STEP)}>
              {t('form.addStep')}
            </Button>
          )}
        </fieldset>

        <TextField
          label={t('form.reason')}
          hint={t('form.reasonHint')}
          error={err(errors.reason, 'reason')}
          {...form.register('reason')}
        />
        <FormError message={save.errorMessage} />
        <div className="actions">
          <Button type="button" variant="ghost" onClick={onClose} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
