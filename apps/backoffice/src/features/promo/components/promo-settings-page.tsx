import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TableScroll } from '@wps/ui/table-scroll';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { parseTypedAmount } from '@wps/shared/money';
import {
  PROMO_MODES,
  PROMO_PERIODS,
  PROMO_REWARD_KINDS,
  promoSettingsBodySchema,
  type PromoSettings,
} from '@wps/shared/schemas/promo';
import { ReasonField } from '../../../components/reason-field';
import { errorText } from '../../../lib/error-text';
import { licenceRefusalOf, licenceRefusalText } from '../../../lib/licence-refusal';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { minorAsTyped, useAmountLocale } from '../../../lib/typed-money';
import { useTimeZone } from '../../../lib/time-zone';
import { isoToLocal, localToIso } from '../../../lib/zoned-datetime';
import { usePromotionOptions } from '../../../lib/api/promotion-options';
import { usePromoSettings } from '../api/promo-settings';
import { useSavePromoSettings } from '../api/save-promo-settings';
import { PromotionSelect } from './promotion-select';
import { promotionTitleOf } from '../../../lib/promotion-title';
import './promo.css';

/** The form's fields: dates as the operator's wall clock, the reward as typed (cash in the currency, points whole). */
const formSchema = z.object({
  promotionId: z.string().regex(/^\d+$/),
  mode: z.enum(PROMO_MODES),
  period: z.enum(PROMO_PERIODS),
  startsAt: z.string(),
  endsAt: z.string(),
  rewardKind: z.enum([...PROMO_REWARD_KINDS, '']),
  rewardAmount: z.string(),
  reason: promoSettingsBodySchema.shape.reason,
});
type FormValues = z.infer<typeof formSchema>;

/** The reward as the API takes it: points as a whole number, money typed in the operator's language → minor units. */
function minorOf(kind: FormValues['rewardKind'], text: string, locale: string): string | null {
  if (!kind || !text.trim()) return null;
  if (kind === 'points') return /^\d+$/.test(text.trim()) ? text.trim() : null;
  const minor = parseTypedAmount(text, SITE_MONEY.scale, locale);
  return minor === null ? null : String(minor);
}

/**
 * Promotions' participation (promotions.write): for each promotion, how players take part
 * (join, apply for review, or automatic), per which period (cut in the operator's time zone),
 * when the activity opens and closes, and what an approved application gives. Audited.
 */
export function PromoSettingsPage() {
  const { t, i18n } = useTranslation('promo');
  const locale = useAmountLocale();
  const { t: tc } = useTranslation();
  const settings = usePromoSettings();
  const promotions = usePromotionOptions();
  const timeZone = useTimeZone();
  const formatMoney = useFormatMoney();
  const save = useSavePromoSettings(() => t('settings.saved'));
  const [serverFields, setServerFields] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      promotionId: '',
      mode: 'join',
      period: 'once',
      startsAt: '',
      endsAt: '',
      rewardKind: '',
      rewardAmount: '',
      reason: '',
    },
  });

  useEffect(() => {
    document.title = t('settings.documentTitle');
  }, [t]);

  const load = (row: PromoSettings) =>
    form.reset({
      promotionId: row.promotionId,
      mode: row.mode,
      period: row.period,
      startsAt: isoToLocal(row.startsAt, timeZone),
      endsAt: isoToLocal(row.endsAt, timeZone),
      rewardKind: row.rewardKind ?? '',
      rewardAmount:
        row.rewardAmount === null
          ? ''
          : row.rewardKind === 'points'
            ? row.rewardAmount
            : minorAsTyped(row.rewardAmount, SITE_MONEY.scale, locale),
      reason: '',
    });

  const submit = form.handleSubmit(async (values) => {
    const body = {
      mode: values.mode,
      period: values.period,
      startsAt: values.startsAt ? localToIso(values.startsAt, timeZone) : null,
      endsAt: values.endsAt ? localToIso(values.endsAt, timeZone) : null,
      rewardKind: values.rewardKind || null,
      rewardAmount: minorOf(values.rewardKind, values.rewardAmount, locale),
      reason: values.reason,
    };
    const parsed = promoSettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      setServerFields(parsed.error.issues.map((i) => t(`settings.problems.${String(i.path[0])}`)).join(' '));
      return;
    }
    setServerFields(null);
    try {
      await save.mutateAsync({ promotionId: values.promotionId, body: parsed.data });
      form.setValue('reason', '');
    } catch {
      // Shown under the form (errorMessage).
    }
  });

  // The licence's refusal of the reward (bonus money under BR), shown under the reward's kind.
  const refusal = licenceRefusalOf(save.error);
  const rewardRefused = refusal?.field === 'rewardKind' ? licenceRefusalText(t, refusal) : undefined;

  const reward = (row: PromoSettings) =>
    row.rewardKind === null
      ? '—'
      : row.rewardKind === 'points'
        ? t('settings.points', { count: Number(row.rewardAmount) })
        : `${t(`rewardKinds.${row.rewardKind}`)} ${formatMoney(row.rewardAmount ?? '0')}`;
  const errors = form.formState.errors;
  return (
    <section className="page" aria-labelledby="promo-settings-title">
      <div className="page-header">
        <h1 id="promo-settings-title">{t('settings.title')}</h1>
      </div>
      <p>{t('settings.intro', { timeZone })}</p>
      {settings.isPending ? (
        <LoadingState label={t('settings.loading')} />
      ) : settings.isError ? (
        <ErrorState message={errorText(tc, settings.error)} />
      ) : settings.data.length === 0 ? (
        <p>{t('settings.none')}</p>
      ) : (
        <TableScroll label={t('settings.caption')}>
          <table className="promo-table">
            <caption className="visually-hidden">{t('settings.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.promotion')}</th>
                <th scope="col">{t('settings.mode')}</th>
                <th scope="col">{t('settings.period')}</th>
                <th scope="col">{t('settings.reward')}</th>
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {settings.data.map((row) => (
                <tr key={row.promotionId}>
                  <th scope="row">{promotionTitleOf(promotions.data, row.promotionId, i18n.language)}</th>
                  <td>{t(`modes.${row.mode}`)}</td>
                  <td>{t(`periods.${row.period}`)}</td>
                  <td>{reward(row)}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => load(row)}
                      aria-label={t('settings.editFor', {
                        promotion: promotionTitleOf(promotions.data, row.promotionId, i18n.language),
                      })}
                    >
                      {t('settings.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <form
        className="promo-form promo-form--grid"
        onSubmit={submit}
        noValidate
        aria-labelledby="promo-settings-form-title"
      >
        <h2 id="promo-settings-form-title">{t('settings.formTitle')}</h2>
        <PromotionSelect
          id="promo-settings-promotion"
          field={form.register('promotionId')}
          promotions={promotions.data}
          invalid={Boolean(errors.promotionId)}
        />
        <div className="field">
          <label className="field__label" htmlFor="promo-settings-mode">
            {t('settings.mode')}
          </label>
          <select id="promo-settings-mode" className="field__input" {...form.register('mode')}>
            {PROMO_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`modes.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="promo-settings-period">
            {t('settings.period')}
          </label>
          <select id="promo-settings-period" className="field__input" {...form.register('period')}>
            {PROMO_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`periods.${p}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="promo-settings-starts">
            {t('settings.startsAt')}
          </label>
          <input
            id="promo-settings-starts"
            type="datetime-local"
            className="field__input"
            {...form.register('startsAt')}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="promo-settings-ends">
            {t('settings.endsAt')}
          </label>
          <input id="promo-settings-ends" type="datetime-local" className="field__input" {...form.register('endsAt')} />
        </div>
        <div className={`field${rewardRefused ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor="promo-settings-reward-kind">
            {t('settings.rewardKind')}
          </label>
          <select
            id="promo-settings-reward-kind"
            className="field__input"
            aria-invalid={rewardRefused ? true : undefined}
            aria-describedby={rewardRefused ? 'promo-settings-reward-kind-error' : undefined}
            {...form.register('rewardKind')}
          >
            <option value="">{t('settings.noReward')}</option>
            {PROMO_REWARD_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`rewardKinds.${k}`)}
              </option>
            ))}
          </select>
          {rewardRefused && (
            <p id="promo-settings-reward-kind-error" className="field__error" role="alert">
              {rewardRefused}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="promo-settings-reward-amount">
            {t('settings.rewardAmount')}
          </label>
          <input
            id="promo-settings-reward-amount"
            className="field__input"
            inputMode="decimal"
            {...form.register('rewardAmount')}
          />
        </div>
        <div className="promo-form__wide">
          <ReasonField
            label={t('settings.reasonLabel')}
            hint={t('settings.reasonHint')}
            error={errors.reason ? t('review.reasonError') : undefined}
            registration={form.register('reason')}
            required
          />
        </div>
        <div className="promo-form__wide">
          <FormError message={serverFields ?? save.errorMessage} />
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
