import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TextField } from '@wps/ui/text-field';
import {
  MONEY_LIMIT_KEYS,
  moneyLimitsBodySchema,
  type MoneyLimitChange,
  type MoneyLimits,
  type MoneyLimitsBody,
} from '@wps/shared/schemas/operator-money';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ReasonField } from '../../../components/reason-field';
import { useMe } from '../../../lib/api/get-me';
import { errorText } from '../../../lib/error-text';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useChangeMoneyLimits } from '../api/change-money-limits';
import { useDecideMoneyLimitChange } from '../api/decide-money-limit-change';
import { useMoneyLimits } from '../api/money-limits';
import { minorAsTyped, typedMinorText, useAmountLocale } from '../../../lib/typed-money';

type MoneyValues = Record<(typeof MONEY_LIMIT_KEYS)[number], string> & { reason: string };

/** The form's rules: the amounts typed in major units, then the server's own schema of the body. */
export function moneyLimitsFormSchema(scale: number, locale: string) {
  return z
    .object({
      perRequestMinor: typedMinorText(scale, locale),
      playerDayMinor: typedMinorText(scale, locale),
      operatorDayMinor: typedMinorText(scale, locale),
      setupItemMinor: typedMinorText(scale, locale),
      setupPeriodMinor: typedMinorText(scale, locale),
      reason: z.string(),
    })
    .pipe(moneyLimitsBodySchema);
}

/**
 * The operator money policy's thresholds: the amount of one payment an operator decides, and the
 * 24-hour totals of credits per player and per operator; past any of them a payment waits for a
 * second operator. Beside them, the ceilings of a reward set-up (one item, one period), past which
 * the set-up waits for a second operator before it goes live. Lowering a threshold is in force when saved; raising one waits below for an
 * operator other than the asker, who approves or rejects it here.
 */
export function MoneyPolicySection({ scale, canWrite }: { scale: number; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const headingId = useId();
  const limits = useMoneyLimits();
  return (
    <section className="site-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sections.money')}</h2>
      <p>{t('money.intro')}</p>
      {limits.isPending ? (
        <LoadingState label={t('loading')} />
      ) : limits.isError ? (
        <ErrorState message={errorText(t, limits.error)} />
      ) : (
        <>
          <MoneyLimitsForm
            key={MONEY_LIMIT_KEYS.map((k) => limits.data.limits[k]).join()}
            limits={limits.data.limits}
            scale={scale}
            canWrite={canWrite}
          />
          <PendingRaises pending={limits.data.pending} scale={scale} canWrite={canWrite} />
        </>
      )}
    </section>
  );
}

function MoneyLimitsForm({ limits, scale, canWrite }: { limits: MoneyLimits; scale: number; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const locale = useAmountLocale();
  const change = useChangeMoneyLimits((result) =>
    t(result.waiting ? (result.lowered.length > 0 ? 'money.savedAndWaiting' : 'money.waiting') : 'money.saved'),
  );
  const form = useForm<MoneyValues, unknown, MoneyLimitsBody>({
    resolver: zodResolver(moneyLimitsFormSchema(scale, locale)),
    defaultValues: {
      perRequestMinor: minorAsTyped(limits.perRequestMinor, scale, locale),
      playerDayMinor: minorAsTyped(limits.playerDayMinor, scale, locale),
      operatorDayMinor: minorAsTyped(limits.operatorDayMinor, scale, locale),
      setupItemMinor: minorAsTyped(limits.setupItemMinor, scale, locale),
      setupPeriodMinor: minorAsTyped(limits.setupPeriodMinor, scale, locale),
      reason: '',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    await change.mutateAsync(body).catch(() => undefined);
  });
  return (
    <form onSubmit={submit} noValidate className="site-form">
      <fieldset disabled={!canWrite || change.isPending} className="site-form__fields">
        {MONEY_LIMIT_KEYS.map((key) => (
          <TextField
            key={key}
            label={t(`money.${key}`, { currency: SITE_MONEY.currency })}
            hint={t(`money.${key}Hint`)}
            inputMode="decimal"
            autoComplete="off"
            {...form.register(key)}
            error={errors[key] ? t('form.invalid') : undefined}
          />
        ))}
      </fieldset>
      {canWrite && (
        <>
          <ReasonField
            label={t('form.reason')}
            hint={t('money.reasonHint')}
            required
            error={errors.reason ? t('form.invalid') : undefined}
            registration={form.register('reason')}
          />
          <FormError message={change.errorMessage} />
          <div className="actions">
            <Button type="submit" loading={change.isPending}>
              {t('form.save')}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

function PendingRaises({
  pending,
  scale,
  canWrite,
}: {
  pending: MoneyLimitChange[];
  scale: number;
  canWrite: boolean;
}) {
  const { t } = useTranslation('site-settings');
  const formatMoney = useFormatMoney();
  const me = useMe();
  const [deciding, setDeciding] = useState<{ change: MoneyLimitChange; decision: 'approve' | 'reject' } | null>(null);
  const decide = useDecideMoneyLimitChange((decision) =>
    t(decision === 'approve' ? 'money.approved' : 'money.rejected'),
  );
  const money = (minor: string) => formatMoney(minor, { currency: SITE_MONEY.currency, scale });
  const changesOf = (c: MoneyLimitChange) =>
    MONEY_LIMIT_KEYS.flatMap((key) => {
      const raised = c.raises[key];
      return raised === undefined
        ? []
        : [{ label: t(`money.${key}Short`), before: money(c.before[key]), after: money(raised) }];
    });
  if (pending.length === 0) return <p className="site-money__none">{t('money.noneWaiting')}</p>;
  return (
    <div className="site-money__pending">
      <h3>{t('money.pendingTitle')}</h3>
      <ul>
        {pending.map((c) => {
          const own = me.data !== undefined && String(me.data.operatorId) === c.requestedBy;
          return (
            <li key={c.id} aria-label={t('money.raiseLabel', { id: c.id })}>
              {changesOf(c).map((line) => (
                <p key={String(line.label)}>
                  {line.label}: {line.before} → {line.after}
                </p>
              ))}
              <p>{t('money.askedBy', { name: c.requestedByName ?? c.requestedBy, reason: c.reason })}</p>
              {own ? (
                <p>{t('money.ownRequest')}</p>
              ) : canWrite ? (
                <span className="site-money__actions">
                  <Button size="sm" variant="money" onClick={() => setDeciding({ change: c, decision: 'approve' })}>
                    {t('money.approve')}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setDeciding({ change: c, decision: 'reject' })}>
                    {t('money.reject')}
                  </Button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {deciding && (
        <ConfirmDialog
          open
          onClose={() => setDeciding(null)}
          title={t(deciding.decision === 'approve' ? 'money.approveTitle' : 'money.rejectTitle')}
          description={t(deciding.decision === 'approve' ? 'money.approveEffect' : 'money.rejectEffect')}
          changes={changesOf(deciding.change)}
          confirmLabel={t(deciding.decision === 'approve' ? 'money.approve' : 'money.reject')}
          danger={deciding.decision === 'approve'}
          onConfirm={(reason) => decide.mutateAsync({ id: deciding.change.id, decision: deciding.decision, reason })}
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
    </div>
  );
}
