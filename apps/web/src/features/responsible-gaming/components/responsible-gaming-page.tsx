import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  isMoneyLimit,
  RG_LIMIT_KINDS,
  RG_REALITY_CHECK_MINUTES,
  RG_SELF_EXCLUSION_DURATIONS,
  RG_TIME_OUT_DURATIONS,
  RG_TIME_OUT_MAX_DAYS,
  type RgLimit,
  type RgLimitKind,
  type RgStatus,
} from '@wps/shared/schemas/responsible-gaming';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TextField } from '@wps/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { formatMinor, parseTypedAmount } from '@wps/shared/money';
import { useFormats } from '../../../lib/format';
import { useFormatMoney } from '../../../lib/money';
import { translateError } from '../../../lib/i18n';
import { useCancelLimit } from '../api/cancel-limit';
import { useConfirmLimit } from '../api/confirm-limit';
import { useRgStatus } from '../api/get-rg-status';
import { useSetLimits } from '../api/set-limits';
import { useSetRealityCheck } from '../api/set-reality-check';
import { useStartExclusion } from '../api/start-exclusion';
import '../../../components/ui/content-page.css';
import '../responsible-gaming.css';

/**
 * The player's responsible-gaming page (docs/compliance.md "Responsible gambling"): limits with
 * their pending changes, the reality check, a time-out and self-exclusion.
 */
export function ResponsibleGamingPage() {
  const { t } = useTranslation('responsibleGaming');
  const status = useRgStatus();
  if (status.isPending) return <p className="content-page__note">{t('loading')}</p>;
  if (status.isError) return <FormError message={translateError(status.error)} />;
  const data = status.data;
  return (
    <div className="content-page" data-testid="content-page">
      <h1 className="content-page__title">{t('title')}</h1>
      <p className="content-page__note">{t('intro')}</p>
      {data.mustSetLimits ? (
        <p className="content-page__alert" role="alert" data-testid="rg-must-set">
          {t('mustSet')}
        </p>
      ) : null}
      <LimitsSection status={data} />
      <RealityCheckSection status={data} />
      <ExclusionSection />
    </div>
  );
}

type LimitValues = Record<RgLimitKind, string>;

/**
 * A limit as the server takes it: a money limit typed as the player's language writes it
 * ("1.500,00" or "1.500" is one thousand five hundred in Portuguese) in major units, a time limit
 * in whole minutes as typed; empty for none. Text that is not an amount goes as typed, and the
 * server's refusal names the field.
 */
function limitText(typed: string, kind: RgLimitKind, scale: number, locale: string): string {
  const text = typed.trim();
  if (text === '' || !isMoneyLimit(kind)) return text;
  const minor = parseTypedAmount(text, scale, locale);
  return minor === null ? text : formatMinor(minor, scale);
}

function LimitsSection({ status }: { status: RgStatus }) {
  const { t } = useTranslation('responsibleGaming');
  const save = useSetLimits();
  const byKind = new Map(status.limits.map((l) => [l.kind, l]));
  const { locale, typedAmount } = useFormats();
  const formatMoney = useFormatMoney();
  // A money limit is shown as the player's language writes it ("50,00" in Portuguese), as it is typed.
  const shown = (kind: RgLimitKind, value: string | null | undefined) =>
    value == null ? '' : isMoneyLimit(kind) ? typedAmount(value, status.scale) : value;
  const { register, handleSubmit, reset } = useForm<LimitValues>({
    values: Object.fromEntries(RG_LIMIT_KINDS.map((k) => [k, shown(k, byKind.get(k)?.value)])) as LimitValues,
  });
  const onSubmit = (values: LimitValues) => {
    const limits = RG_LIMIT_KINDS.flatMap((kind) => {
      const typed = limitText(values[kind], kind, status.scale, locale);
      const current = byKind.get(kind)?.value ?? null;
      const next = typed === '' ? null : typed;
      if (next === current || (next !== null && current !== null && Number(next) === Number(current))) return [];
      return [{ kind, value: next }];
    });
    if (limits.length === 0) return;
    save.mutate(
      { limits },
      { onSuccess: (s) => (reset(), toast.success(s.limits.some((l) => l.pending) ? t('savedPending') : t('saved'))) },
    );
  };
  return (
    <section className="rg-card" aria-labelledby="rg-limits-title">
      <h2 id="rg-limits-title" className="rg-card__title">
        {t('limits.title')}
      </h2>
      <p className="content-page__note">{t('limits.rule')}</p>
      <form className="rg-limits" noValidate onSubmit={handleSubmit(onSubmit)}>
        {RG_LIMIT_KINDS.map((kind) => (
          <div key={kind} className="rg-limit" data-testid={`rg-limit-${kind}`}>
            <TextField
              label={t(`limits.${kind}`)}
              hint={isMoneyLimit(kind) ? status.currency : t('limits.minutes')}
              inputMode={isMoneyLimit(kind) ? 'decimal' : 'numeric'}
              autoComplete="off"
              {...register(kind)}
            />
            <PendingChange
              limit={byKind.get(kind)!}
              written={(value) =>
                isMoneyLimit(kind)
                  ? formatMoney(value, { currency: status.currency, scale: status.scale })
                  : t('limits.minutesValue', { count: Number(value) })
              }
            />
          </div>
        ))}
        <FormError message={save.error ? translateError(save.error) : null} />
        <Button type="submit" loading={save.isPending} data-testid="rg-save-limits">
          {t('limits.save')}
        </Button>
      </form>
    </section>
  );
}

/** A limit change that waits, its value written as a sentence writes it ("R$ 500,00", "60 minutos"). */
function PendingChange({ limit, written }: { limit: RgLimit; written: (value: string) => string }) {
  const { t } = useTranslation('responsibleGaming');
  const formats = useFormats();
  const confirm = useConfirmLimit();
  const cancel = useCancelLimit();
  if (!limit.pending) return null;
  const { pending } = limit;
  const to = pending.value === null ? t('limits.none') : written(pending.value);
  return (
    <div className="rg-pending" data-testid={`rg-pending-${limit.kind}`}>
      <p className="rg-pending__text">
        {pending.confirmable
          ? t('limits.pendingReady', { to })
          : t('limits.pendingWait', { to, at: formats.dateTimeShort(pending.effectiveAt) })}
      </p>
      <div className="rg-pending__actions">
        {pending.confirmable ? (
          <Button
            size="sm"
            loading={confirm.isPending}
            onClick={() => confirm.mutate(limit.kind)}
            data-testid={`rg-confirm-${limit.kind}`}
          >
            {t('limits.confirm')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" loading={cancel.isPending} onClick={() => cancel.mutate(limit.kind)}>
          {t('limits.cancel')}
        </Button>
      </div>
      <FormError
        message={confirm.error ? translateError(confirm.error) : cancel.error ? translateError(cancel.error) : null}
      />
    </div>
  );
}

function RealityCheckSection({ status }: { status: RgStatus }) {
  const { t } = useTranslation('responsibleGaming');
  const save = useSetRealityCheck();
  const value = status.realityCheckMinutes === null ? '' : String(status.realityCheckMinutes);
  return (
    <section className="rg-card" aria-labelledby="rg-reality-title">
      <h2 id="rg-reality-title" className="rg-card__title">
        {t('reality.title')}
      </h2>
      <p className="content-page__note">{status.realityCheckRequired ? t('reality.required') : t('reality.text')}</p>
      <div className="field">
        <label className="field__label" htmlFor="rg-reality-select">
          {t('reality.interval')}
        </label>
        <select
          id="rg-reality-select"
          className="rg-select"
          value={value}
          data-testid="rg-reality-select"
          onChange={(e) =>
            save.mutate(e.target.value === '' ? null : Number(e.target.value), {
              onSuccess: () => toast.success(t('saved')),
            })
          }
        >
          {status.realityCheckRequired ? null : <option value="">{t('reality.none')}</option>}
          {RG_REALITY_CHECK_MINUTES.map((m) => (
            <option key={m} value={m}>
              {t('reality.every', { minutes: m })}
            </option>
          ))}
        </select>
      </div>
      <FormError message={save.error ? translateError(save.error) : null} />
    </section>
  );
}

function ExclusionSection() {
  const { t } = useTranslation('responsibleGaming');
  const start = useStartExclusion();
  const [timeOut, setTimeOut] = useState<(typeof RG_TIME_OUT_DURATIONS)[number]>('24h');
  const [days, setDays] = useState('7');
  const [exclusion, setExclusion] = useState<(typeof RG_SELF_EXCLUSION_DURATIONS)[number]>('6m');
  const [understood, setUnderstood] = useState(false);
  return (
    <section className="rg-card" aria-labelledby="rg-exclusion-title">
      <h2 id="rg-exclusion-title" className="rg-card__title">
        {t('timeOut.title')}
      </h2>
      <p className="content-page__note">{t('timeOut.text')}</p>
      <div className="rg-row">
        <div className="field">
          <label className="field__label" htmlFor="rg-timeout-select">
            {t('timeOut.length')}
          </label>
          <select
            id="rg-timeout-select"
            className="rg-select"
            value={timeOut}
            onChange={(e) => setTimeOut(e.target.value as typeof timeOut)}
          >
            {RG_TIME_OUT_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t(d === 'days' ? 'timeOut.daysOption' : `timeOut.${d}`)}
              </option>
            ))}
          </select>
        </div>
        {timeOut === 'days' ? (
          <TextField
            label={t('timeOut.days', { max: RG_TIME_OUT_MAX_DAYS })}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        ) : null}
        <Button
          variant="secondary"
          loading={start.isPending && start.variables?.kind === 'time_out'}
          data-testid="rg-start-time-out"
          onClick={() =>
            start.mutate({
              kind: 'time_out',
              body: timeOut === 'days' ? { duration: 'days', days: Number(days) } : { duration: timeOut },
            })
          }
        >
          {t('timeOut.start')}
        </Button>
      </div>
      <h2 className="rg-card__title">{t('exclusion.title')}</h2>
      <p className="content-page__note">{t('exclusion.text')}</p>
      <div className="rg-row">
        <div className="field">
          <label className="field__label" htmlFor="rg-exclusion-select">
            {t('exclusion.length')}
          </label>
          <select
            id="rg-exclusion-select"
            className="rg-select"
            value={exclusion}
            data-testid="rg-exclusion-select"
            onChange={(e) => setExclusion(e.target.value as typeof exclusion)}
          >
            {RG_SELF_EXCLUSION_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t(`exclusion.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="rg-check">
          <input
            type="checkbox"
            checked={understood}
            data-testid="rg-exclusion-understood"
            onChange={(e) => setUnderstood(e.target.checked)}
          />
          {t('exclusion.understand')}
        </label>
        <Button
          variant="danger"
          disabled={!understood}
          loading={start.isPending && start.variables?.kind === 'self_exclusion'}
          data-testid="rg-start-exclusion"
          onClick={() => start.mutate({ kind: 'self_exclusion', body: { duration: exclusion, confirm: true } })}
        >
          {t('exclusion.start')}
        </Button>
      </div>
      <FormError message={start.error ? translateError(start.error) : null} />
    </section>
  );
}
