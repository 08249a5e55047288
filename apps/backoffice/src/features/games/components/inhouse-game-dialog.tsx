import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { ORIGINALS_RTP_BAND, isRtpInBand } from '@wps/shared/originals/originals-common';
import { INHOUSE_MAX_STAKE_MINOR } from '@wps/shared/schemas/inhouse';
import {
  INHOUSE_MAX_PAYOUT_MINOR,
  findMaxStakeProblem,
  inhouseGameSettingsBodySchema,
  type OpsInhouseGame,
} from '@wps/shared/schemas/inhouse-settings';
import { parseTypedAmount } from '@wps/shared/schemas/typed-amount';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { minorAsTyped, useAmountLocale } from '../../../lib/typed-money';
import { useSetInhouseGameSettings } from '../api/set-inhouse-game-settings';
import { useFormatRtp } from '../format-rtp';
import { SettingsDialog } from './settings-dialog';

/**
 * An original's RTP as typed ("98,50" or "98.50", a percentage with two decimals): read like an
 * amount of scale 2, which gives basis points, held to the band.
 */
const rtpField = (locale: string) =>
  z.string().transform((text, ctx) => {
    const bps = parseTypedAmount(text.replace('%', '').trim(), 2, locale);
    if (bps === null || !isRtpInBand(Number(bps))) {
      ctx.addIssue({ code: 'custom', message: 'rtp' });
      return z.NEVER;
    }
    return Number(bps);
  });

/** An original's maximum payout as typed in the site's money, above zero and up to the house limit. */
const maxPayoutField = (locale: string) =>
  z.string().transform((text, ctx) => {
    const minor = parseTypedAmount(text, SITE_MONEY.scale, locale);
    if (minor === null || minor <= 0n || minor > INHOUSE_MAX_PAYOUT_MINOR) {
      ctx.addIssue({ code: 'custom', message: 'maxPayout' });
      return z.NEVER;
    }
    return String(minor);
  });

/** A game's own bonus wagering weight as typed: a whole percent 0–100, or empty for its category's share. */
const weightField = z.string().transform((text, ctx) => {
  const trimmed = text.replace('%', '').trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > 100) {
    ctx.addIssue({ code: 'custom', message: 'weight' });
    return z.NEVER;
  }
  return Number(trimmed);
});

/**
 * The form as the operator types it: the maximum stake in the site's money ("50,00" or "50.00"),
 * checked against the game's minimum and step by the rule the server applies
 * (findMaxStakeProblem), then turned into the shared request body in minor units; for an
 * original also its RTP and maximum payout (the slot's and the dice's are fixed).
 */
function formSchemaFor(game: OpsInhouseGame, locale: string) {
  const rules = { min: BigInt(game.minStakeMinor), step: BigInt(game.stakeStepMinor) };
  return z
    .object({
      rtp: game.isOriginal ? rtpField(locale) : z.string().transform(() => undefined),
      maxPayout: game.isOriginal ? maxPayoutField(locale) : z.string().transform(() => undefined),
      weight: weightField,
      maxStake: z
        .string()
        .transform((text, ctx) => {
          const minor = parseTypedAmount(text, SITE_MONEY.scale, locale);
          const problem = minor === null ? 'format' : findMaxStakeProblem(minor, rules);
          if (problem) {
            ctx.addIssue({ code: 'custom', message: problem });
            return z.NEVER;
          }
          return String(minor);
        })
        .pipe(inhouseGameSettingsBodySchema.shape.maxStakeMinor),
      reason: inhouseGameSettingsBodySchema.shape.reason,
    })
    .transform(({ maxStake, rtp, maxPayout, weight, reason }) => ({
      maxStakeMinor: maxStake,
      ...(rtp !== undefined ? { rtpBps: rtp } : {}),
      ...(maxPayout !== undefined ? { maxPayoutMinor: maxPayout } : {}),
      wageringWeightPct: weight,
      reason,
    }));
}

type FormSchema = ReturnType<typeof formSchemaFor>;

/**
 * An in-house game's maximum stake, with the reason for the audit log; an original's RTP (within
 * the band) and maximum payout too. The slot's and the dice's RTP is shown, fixed by the game; the
 * minimum is the game's minimum bet (Catalogue tab, the game's Edit).
 */
export function InhouseGameDialog({ game, onClose }: { game: OpsInhouseGame; onClose: () => void }) {
  const { t } = useTranslation('games');
  const locale = useAmountLocale();
  const formatMoney = useFormatMoney();
  const formatRtp = useFormatRtp();
  const save = useSetInhouseGameSettings(() =>
    t(game.isOriginal ? 'inhouse.savedOriginal' : 'inhouse.saved', { name: game.name }),
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(formSchemaFor(game, locale)),
    defaultValues: {
      maxStake: minorAsTyped(game.maxStakeMinor, SITE_MONEY.scale, locale),
      rtp: minorAsTyped(String(game.rtpBps), 2, locale),
      maxPayout: game.maxPayoutMinor === null ? '' : minorAsTyped(game.maxPayoutMinor, SITE_MONEY.scale, locale),
      weight: game.wageringWeightPct === null ? '' : String(game.wageringWeightPct),
      reason: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync({ nodeId: game.nodeId, ...values }).then(onClose, () => undefined);
  });
  const limits = {
    min: formatMoney(game.minStakeMinor, SITE_MONEY),
    max: formatMoney(INHOUSE_MAX_STAKE_MINOR, SITE_MONEY),
    step: formatMoney(game.stakeStepMinor, SITE_MONEY),
  };
  const problem = errors.maxStake?.message;
  const band = {
    min: formatRtp(ORIGINALS_RTP_BAND.minBps / 10_000),
    max: formatRtp(ORIGINALS_RTP_BAND.maxBps / 10_000),
  };

  return (
    <SettingsDialog
      title={t(game.isOriginal ? 'inhouse.dialogTitleOriginal' : 'inhouse.dialogTitle', { name: game.name })}
      onClose={onClose}
      onSubmit={submit}
      isPending={save.isPending}
      errorMessage={save.errorMessage}
      reason={register('reason')}
      hasReasonError={errors.reason !== undefined}
    >
      <dl className="catalogue-facts">
        {!game.isOriginal && (
          <>
            <dt>{t('inhouse.rtp')}</dt>
            <dd>{t('inhouse.rtpFixed', { rtp: formatRtp(game.rtp) })}</dd>
          </>
        )}
        <dt>{t('inhouse.minStake')}</dt>
        <dd>{t('inhouse.minStakeFrom', { amount: limits.min })}</dd>
      </dl>
      {game.isOriginal && (
        <>
          <TextField
            label={t('inhouse.rtpSetting')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('inhouse.rtpHint', band)}
            error={errors.rtp ? t('inhouse.rtpProblem', band) : undefined}
            {...register('rtp')}
          />
          <TextField
            label={t('inhouse.maxPayout')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('inhouse.maxPayoutHint', { max: formatMoney(INHOUSE_MAX_PAYOUT_MINOR, SITE_MONEY) })}
            error={
              errors.maxPayout
                ? t('inhouse.maxPayoutProblem', { max: formatMoney(INHOUSE_MAX_PAYOUT_MINOR, SITE_MONEY) })
                : undefined
            }
            {...register('maxPayout')}
          />
        </>
      )}
      <TextField
        label={t('inhouse.maxStake')}
        inputMode="decimal"
        autoComplete="off"
        data-autofocus
        hint={t('inhouse.maxStakeHint', limits)}
        error={
          problem
            ? t(
                `inhouse.maxStakeProblems.${problem === 'belowMin' || problem === 'aboveLimit' || problem === 'notStep' ? problem : 'format'}`,
                limits,
              )
            : undefined
        }
        {...register('maxStake')}
      />
      <TextField
        label={t('inhouse.wageringWeight')}
        inputMode="numeric"
        autoComplete="off"
        hint={t('inhouse.wageringWeightHint')}
        error={errors.weight ? t('inhouse.wageringWeightProblem') : undefined}
        {...register('weight')}
      />
    </SettingsDialog>
  );
}
