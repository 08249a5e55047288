import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { formatMinor, formatTypedAmount, parseTypedAmount } from '@wps/shared/money';
import { opsLotteryGameBodySchema, type OpsLotteryGame } from '@wps/shared/schemas/lottery-ops';
import { ReasonField } from '../../../components/reason-field';
import { localeTag } from '../../../lib/i18n';
import { SITE_MONEY } from '../../../lib/money';
import { useSetLotteryGame } from '../api/set-lottery-game';
import type { Paytable } from '@wps/shared/lottery/types';
import { bpToMultiplier, MULTIPLIER_PATTERN, paytableCells, paytableFromCells } from './paytable-cells';
import { PaytableEditor } from './paytable-editor';

const LIMITS = ['minStakeMinor', 'maxStakeMinor', 'perKeyMinor', 'perTicketMinor', 'perDrawMinor'] as const;
type LimitName = (typeof LIMITS)[number];

/** An amount typed in the site's money ("50,00" or "50.00"), sent in minor units. */
function moneyField(locale: string) {
  return z.string().transform((text, ctx) => {
    const minor = parseTypedAmount(text, SITE_MONEY.scale, locale);
    if (minor === null || minor <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'money' });
      return z.NEVER;
    }
    return minor.toString();
  });
}

/** A whole number typed in a text field. */
const wholeNumber = z
  .string()
  .regex(/^\d{1,6}$/, 'whole')
  .transform(Number);

/**
 * The schedule field as the server takes it: a quick draw's interval in seconds (a select of the
 * three the engine draws at), or a daily draw's time of day (HH:MM).
 */
function scheduleField(quick: boolean) {
  const schedule = opsLotteryGameBodySchema.shape.schedule.unwrap();
  return quick
    ? z
        .string()
        .transform(Number)
        .pipe(schedule.shape.intervalSeconds.unwrap())
        .transform((intervalSeconds) => ({ intervalSeconds }))
    : schedule.shape.drawTime.unwrap().transform((drawTime) => ({ drawTime }));
}

/** The quick draws' intervals the engine draws at (migration 0307). */
const INTERVALS = [60, 180, 300] as const;

function formSchemaFor(locale: string, paytable: Paytable, quick: boolean) {
  const money = moneyField(locale);
  return z
    .object({
      name: opsLotteryGameBodySchema.shape.name,
      schedule: scheduleField(quick),
      status: opsLotteryGameBodySchema.shape.status,
      closeBeforeSeconds: wholeNumber.pipe(opsLotteryGameBodySchema.shape.closeBeforeSeconds),
      sortOrder: wholeNumber.pipe(opsLotteryGameBodySchema.shape.sortOrder),
      minStakeMinor: money,
      maxStakeMinor: money,
      perKeyMinor: money,
      perTicketMinor: money,
      perDrawMinor: money,
      multipliers: z.array(z.string().trim().regex(MULTIPLIER_PATTERN, 'multiplier')),
      reason: opsLotteryGameBodySchema.shape.reason,
    })
    .transform(
      ({ minStakeMinor, maxStakeMinor, perKeyMinor, perTicketMinor, perDrawMinor, multipliers, ...rest }, ctx) => {
        const table = paytableFromCells(paytable, multipliers);
        if (!table) {
          ctx.addIssue({ code: 'custom', path: ['multipliers'], message: 'multiplier' });
          return z.NEVER;
        }
        return {
          ...rest,
          paytable: table,
          limits: { minStakeMinor, maxStakeMinor, perKeyMinor, perTicketMinor, perDrawMinor },
        };
      },
    );
}
type FormSchema = ReturnType<typeof formSchemaFor>;

/**
 * A lottery game's settings with the reason for the audit log: its name, its schedule (a new one
 * waits for the first local day without planned draws, docs/lottery.md "Games"), status, cut-off before
 * each draw, order in the lobby, limits typed in money (sent in minor units with the shared money
 * helpers) and its paytable, one multiplier of the stake per cell (PaytableEditor, sent in basis
 * points, 10000 = 1×). The server checks the paytable against the family and the edges are
 * recomputed from it on save.
 */
export function LotteryGameDialog({ game, onClose }: { game: OpsLotteryGame; onClose: () => void }) {
  const { t, i18n } = useTranslation('lottery');
  const { t: tc } = useTranslation();
  const locale = localeTag(i18n.language);
  const statusId = useId();
  const scheduleId = useId();
  const scheduleHintId = useId();
  const quick = game.intervalSeconds !== null;
  const cells = paytableCells(game.paytable as Paytable);
  const save = useSetLotteryGame((g) => t('games.saved', { name: g.name }));
  const typed = (minor: string) => formatTypedAmount(formatMinor(minor, SITE_MONEY.scale), SITE_MONEY.scale, locale);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(formSchemaFor(locale, game.paytable as Paytable, quick)),
    defaultValues: {
      name: game.name,
      // The schedule waiting for its first day, if one does: saving again keeps it as it is.
      schedule: quick
        ? String(game.nextSchedule?.intervalSeconds ?? game.intervalSeconds)
        : (game.nextSchedule?.drawTime ?? game.drawTime ?? ''),
      status: game.status,
      closeBeforeSeconds: String(game.closeBeforeSeconds),
      sortOrder: String(game.sortOrder),
      ...(Object.fromEntries(LIMITS.map((name) => [name, typed(game.limits[name])])) as Record<LimitName, string>),
      multipliers: cells.map((c) => bpToMultiplier(c.bp, locale)),
      reason: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync({ gameCode: game.code, ...values }).then(onClose, () => undefined);
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('games.dialogTitle', { name: game.name })}
      size="lg"
      closable={!save.isPending}
    >
      <form className="lottery-form" onSubmit={submit} noValidate>
        <TextField
          label={t('games.fields.name')}
          autoComplete="off"
          data-autofocus
          error={errors.name ? t('games.problems.name') : undefined}
          {...register('name')}
        />
        <div className="field">
          <label className="field__label" htmlFor={statusId}>
            {t('games.fields.status')}
          </label>
          <select id={statusId} className="field__input" {...register('status')}>
            <option value="active">{t('gameStatuses.active')}</option>
            <option value="paused">{t('gameStatuses.paused')}</option>
          </select>
        </div>
        {quick ? (
          <div className="field">
            <label className="field__label" htmlFor={scheduleId}>
              {t('games.fields.interval')}
            </label>
            <select
              id={scheduleId}
              className="field__input"
              aria-describedby={scheduleHintId}
              {...register('schedule')}
            >
              {INTERVALS.map((seconds) => (
                <option key={seconds} value={String(seconds)}>
                  {t('schedule.everyMinutes', { count: seconds / 60 })}
                </option>
              ))}
            </select>
            <p className="field__hint" id={scheduleHintId}>
              {t('games.scheduleHint')}
            </p>
          </div>
        ) : (
          <TextField
            label={t('games.fields.drawTime', { zone: game.drawZone ?? t('schedule.siteZone') })}
            type="time"
            hint={t('games.scheduleHint')}
            error={errors.schedule ? t('games.problems.drawTime') : undefined}
            {...register('schedule')}
          />
        )}
        <div className="lottery-form__row">
          <TextField
            label={t('games.fields.closeBeforeSeconds')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.closeBeforeSeconds ? t('games.problems.closeBefore') : undefined}
            {...register('closeBeforeSeconds')}
          />
          <TextField
            label={t('games.fields.sortOrder')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.sortOrder ? t('games.problems.sortOrder') : undefined}
            {...register('sortOrder')}
          />
        </div>
        <fieldset className="lottery-form__group">
          <legend>{t('games.fields.limits')}</legend>
          <div className="lottery-form__row">
            {LIMITS.map((name) => (
              <TextField
                key={name}
                label={t(`limits.${name}`)}
                inputMode="decimal"
                autoComplete="off"
                error={errors[name] ? t('games.problems.money') : undefined}
                {...register(name)}
              />
            ))}
          </div>
        </fieldset>
        <PaytableEditor cells={cells} register={register} errors={errors} />
        <ReasonField
          label={tc('confirm.reason')}
          hint={tc('confirm.reasonHint')}
          required
          error={errors.reason ? t('games.problems.reason') : undefined}
          registration={register('reason')}
        />
        <FormError message={save.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('games.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
