import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import {
  CAP_PERIODS,
  REWARD_TRIGGERS,
  RULE_REWARD_KINDS,
  TOTAL_PERIODS,
  type DryRunResult,
  type Rule,
  type RuleInput,
} from '@wps/shared/schemas/rewards';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { usePromotionOptions } from '../../../lib/api/promotion-options';
import { promotionTitleOf } from '../../../lib/promotion-title';
import { useDryRun } from '../api/dry-run';
import { useSaveRule } from '../api/save-rule';
import { EMPTY_RULE, MONEY_KINDS, fieldOfPath, toRuleInput, type RuleField, type RuleFormValues } from '../rule-form';

const DAY = 86_400_000;

/**
 * Write a rule, or change a draft or paused one: its trigger, conditions, reward, delivery, caps
 * and dates. "Dry run" replays the rule as typed over the last 30 days (or the window chosen) and
 * shows what it would have paid, before anything is saved. A refusal of the jurisdiction profile
 * shows its reasons.
 */
export function RuleDialog({
  rule,
  initial,
  timeZone,
  onClose,
}: {
  rule?: Rule | undefined;
  initial?: RuleFormValues | undefined;
  timeZone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('rewards');
  const locale = localeTag(i18n.language);
  const formatMoney = useFormatMoney();
  const ids = { first: useId(), categories: useId(), promotion: useId(), joined: useId() };
  const promotions = usePromotionOptions();
  const form = useForm<RuleFormValues>({ defaultValues: initial ?? EMPTY_RULE });
  const { errors } = form.formState;
  const [kind, mode, trigger, turnoverPeriod, promotionId] = useWatch({
    control: form.control,
    name: ['kind', 'mode', 'trigger', 'turnoverPeriod', 'promotionId'],
  });
  const save = useSaveRule((saved) => t('form.saved', { name: saved.name }));
  const dry = useDryRun();
  const [dryDays, setDryDays] = useState('30');
  const [result, setResult] = useState<DryRunResult | null>(null);
  const money = MONEY_KINDS.includes(kind);

  const read = (values: RuleFormValues): RuleInput | null => {
    const outcome = toRuleInput(values, timeZone, locale);
    if ('errors' in outcome) {
      for (const field of outcome.errors) form.setError(field, { type: 'invalid' });
      return null;
    }
    return outcome.input;
  };

  const submit = form.handleSubmit(async (values) => {
    const input = read(values);
    if (!input) return;
    try {
      await save.mutateAsync({ input, existing: rule ? { id: rule.id, version: rule.version } : undefined });
    } catch (error) {
      const fields = isApiError(error, 'VALIDATION_FAILED')
        ? Object.keys((error as { value?: { fields?: Record<string, unknown> } }).value?.fields ?? {})
        : [];
      for (const path of fields) form.setError(fieldOfPath(path.split('.')), { type: 'server' });
      return;
    }
    onClose();
  });

  const runDry = form.handleSubmit(async (values) => {
    const input = read(values);
    if (!input) return;
    const days = Math.min(366, Math.max(1, Number(dryDays) || 30));
    const until = new Date();
    setResult(
      await dry.mutateAsync({
        rule: input,
        from: new Date(until.getTime() - days * DAY).toISOString(),
        until: until.toISOString(),
      }),
    );
  });

  const fieldError = (field: RuleField) =>
    errors[field] ? t(`form.errors.${field}`, { defaultValue: t('form.errors.invalid') }) : undefined;
  const refusal =
    save.error && isApiError(save.error, 'REWARD_FORBIDDEN_BY_JURISDICTION')
      ? ((save.error as { value?: { reasons?: string[] } }).value?.reasons ?? [])
      : [];
  const describe = (amount: string) => (MONEY_KINDS.includes(result?.kind ?? kind) ? formatMoney(amount) : amount);

  return (
    <Modal
      open
      onClose={onClose}
      title={rule ? t('form.editTitle', { name: rule.name }) : t('form.newTitle')}
      size="lg"
      closable={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="rewards-form">
        <TextField label={t('form.name')} error={fieldError('name')} {...form.register('name')} />
        <div className="field">
          <label className="field__label" htmlFor={ids.promotion}>
            {t('form.promotion')}
          </label>
          <select id={ids.promotion} className="field__input" {...form.register('promotionId')}>
            <option value="">{t('form.noPromotion')}</option>
            {(promotions.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {promotionTitleOf(promotions.data, p.id, i18n.language)}
              </option>
            ))}
          </select>
        </div>
        <div className="rewards-form__row">
          <label className="field">
            <span className="field__label">{t('form.trigger')}</span>
            <select className="field__input" {...form.register('trigger')}>
              {REWARD_TRIGGERS.map((k) => (
                <option key={k} value={k}>
                  {t(`triggers.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('form.delivery')}</span>
            <select className="field__input" {...form.register('delivery')}>
              <option value="auto">{t('delivery.auto')}</option>
              <option value="claim">{t('delivery.claim')}</option>
            </select>
          </label>
        </div>

        <fieldset className="rewards-form__group">
          <legend className="field__label">{t('form.reward')}</legend>
          <div className="rewards-form__row">
            <label className="field">
              <span className="field__label">{t('form.kind')}</span>
              <select className="field__input" {...form.register('kind')}>
                {RULE_REWARD_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">{t('form.mode')}</span>
              <select className="field__input" {...form.register('mode')}>
                <option value="fixed">{t('modes.fixed')}</option>
                <option value="percent">{t('modes.percent')}</option>
              </select>
            </label>
          </div>
          {mode === 'fixed' ? (
            <TextField
              label={money ? t('form.amountMoney') : t('form.amountUnits')}
              inputMode="decimal"
              error={fieldError('amount')}
              {...form.register('amount')}
            />
          ) : (
            <div className="rewards-form__row">
              <TextField
                label={t('form.percent')}
                inputMode="decimal"
                error={fieldError('percent')}
                {...form.register('percent')}
              />
              <TextField
                label={t('form.maxAmount')}
                inputMode="decimal"
                error={fieldError('maxAmount')}
                {...form.register('maxAmount')}
              />
            </div>
          )}
          {kind === 'bonus' && (
            <TextField
              label={t('form.wageringMultiple')}
              inputMode="numeric"
              error={fieldError('wageringMultiple')}
              {...form.register('wageringMultiple')}
            />
          )}
        </fieldset>

        <fieldset className="rewards-form__group">
          <legend className="field__label">{t('form.conditions')}</legend>
          {promotionId && (
            <label className="rewards-form__check" htmlFor={ids.joined}>
              <input id={ids.joined} type="checkbox" {...form.register('joinedPromotion')} />
              {t('form.joinedPromotion')}
            </label>
          )}
          {trigger === 'deposit_credited' && (
            <>
              <label className="rewards-form__check" htmlFor={ids.first}>
                <input id={ids.first} type="checkbox" {...form.register('firstDeposit')} />
                {t('form.firstDeposit')}
              </label>
              <TextField
                label={t('form.depositMin')}
                inputMode="decimal"
                error={fieldError('depositMin')}
                {...form.register('depositMin')}
              />
            </>
          )}
          <div className="rewards-form__row">
            <label className="field">
              <span className="field__label">{t('form.turnoverPeriod')}</span>
              <select className="field__input" {...form.register('turnoverPeriod')}>
                <option value="">{t('form.none')}</option>
                {TOTAL_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`totalPeriods.${p}`)}
                  </option>
                ))}
              </select>
            </label>
            {turnoverPeriod && (
              <TextField
                label={t('form.turnoverMin')}
                inputMode="decimal"
                error={fieldError('turnoverMin')}
                {...form.register('turnoverMin')}
              />
            )}
            {turnoverPeriod && (
              <label className="field">
                <span className="field__label">{t('form.turnoverCategory')}</span>
                <select className="field__input" {...form.register('turnoverCategory')}>
                  <option value="">{t('form.allCategories')}</option>
                  {GAME_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {trigger === 'round_settled' && (
            <fieldset className="rewards-form__categories" aria-describedby={ids.categories}>
              <legend className="field__label">{t('form.roundCategories')}</legend>
              <p id={ids.categories} className="rewards-muted">
                {t('form.roundCategoriesHint')}
              </p>
              {GAME_CATEGORIES.map((c) => (
                <label key={c} className="rewards-form__check">
                  <input type="checkbox" value={c} {...form.register('roundCategories')} />
                  {c}
                </label>
              ))}
            </fieldset>
          )}
          <TextField
            label={t('form.vipLevelMin')}
            inputMode="numeric"
            error={fieldError('vipLevelMin')}
            {...form.register('vipLevelMin')}
          />
        </fieldset>

        <fieldset className="rewards-form__group">
          <legend className="field__label">{t('form.caps')}</legend>
          <div className="rewards-form__row">
            <TextField
              label={t('form.perPlayerCap')}
              inputMode="numeric"
              error={fieldError('perPlayerCap')}
              {...form.register('perPlayerCap')}
            />
            <label className="field">
              <span className="field__label">{t('form.capPeriod')}</span>
              <select className="field__input" {...form.register('capPeriod')}>
                {CAP_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`capPeriods.${p}`)}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label={t('form.totalCapCount')}
              inputMode="numeric"
              error={fieldError('totalCapCount')}
              {...form.register('totalCapCount')}
            />
          </div>
          <div className="rewards-form__row">
            <TextField
              type="datetime-local"
              label={t('form.startsAt', { zone: timeZone })}
              error={fieldError('startsAt')}
              {...form.register('startsAt')}
            />
            <TextField
              type="datetime-local"
              label={t('form.endsAt', { zone: timeZone })}
              error={fieldError('endsAt')}
              {...form.register('endsAt')}
            />
          </div>
        </fieldset>

        <section className="rewards-dry" aria-labelledby="rewards-dry-title">
          <h3 id="rewards-dry-title">{t('dry.title')}</h3>
          <div className="rewards-form__row rewards-form__row--end">
            <TextField
              label={t('dry.days')}
              inputMode="numeric"
              value={dryDays}
              onChange={(e) => setDryDays(e.currentTarget.value)}
            />
            <Button type="button" variant="secondary" loading={dry.isPending} onClick={() => void runDry()}>
              {t('dry.run')}
            </Button>
          </div>
          {dry.error && <FormError message={errorText(t, dry.error)} />}
          {result && (
            <dl className="rewards-dry__result" data-testid="dry-run-result">
              <dt>{t('dry.grants')}</dt>
              <dd>{result.grants}</dd>
              <dt>{t('dry.players')}</dt>
              <dd>{result.players}</dd>
              <dt>{t('dry.amount')}</dt>
              <dd>{describe(result.amount)}</dd>
              <dt>{t('dry.cappedOut')}</dt>
              <dd>{result.cappedOut}</dd>
              <dt>{t('dry.scanned')}</dt>
              <dd>{result.truncated ? t('dry.truncated', { count: result.eventsScanned }) : result.eventsScanned}</dd>
            </dl>
          )}
        </section>

        {refusal.length > 0 && (
          <FormError message={`${t('form.refused')} ${refusal.map((r) => t(`refusals.${r}`)).join(' ')}`} />
        )}
        {refusal.length === 0 && <FormError message={save.errorMessage} />}
        <div className="rewards-form__actions">
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
