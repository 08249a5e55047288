import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { INHOUSE_MAX_STAKE_MINOR } from '@wps/shared/schemas/inhouse';
import {
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
 * The form as the operator types it: the maximum stake in the site's money ("50,00" or "50.00"),
 * checked against the game's minimum and step by the rule the server applies
 * (findMaxStakeProblem), then turned into the shared request body in minor units.
 */
function formSchemaFor(game: OpsInhouseGame, locale: string) {
  const rules = { min: BigInt(game.minStakeMinor), step: BigInt(game.stakeStepMinor) };
  return z
    .object({
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
    .transform(({ maxStake, reason }) => ({ maxStakeMinor: maxStake, reason }));
}

type FormSchema = ReturnType<typeof formSchemaFor>;

/**
 * An in-house game's maximum stake, with the reason for the audit log. Its RTP and minimum are
 * shown, not edited here: the RTP is fixed by the game, the minimum is the game's minimum bet
 * (Catalogue tab, the game's Edit).
 */
export function InhouseGameDialog({ game, onClose }: { game: OpsInhouseGame; onClose: () => void }) {
  const { t } = useTranslation('games');
  const locale = useAmountLocale();
  const formatMoney = useFormatMoney();
  const formatRtp = useFormatRtp();
  const save = useSetInhouseGameSettings(() => t('inhouse.saved', { name: game.name }));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(formSchemaFor(game, locale)),
    defaultValues: { maxStake: minorAsTyped(game.maxStakeMinor, SITE_MONEY.scale, locale), reason: '' },
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

  return (
    <SettingsDialog
      title={t('inhouse.dialogTitle', { name: game.name })}
      onClose={onClose}
      onSubmit={submit}
      isPending={save.isPending}
      errorMessage={save.errorMessage}
      reason={register('reason')}
      hasReasonError={errors.reason !== undefined}
    >
      <dl className="catalogue-facts">
        <dt>{t('inhouse.rtp')}</dt>
        <dd>{t('inhouse.rtpFixed', { rtp: formatRtp(game.rtp) })}</dd>
        <dt>{t('inhouse.minStake')}</dt>
        <dd>{t('inhouse.minStakeFrom', { amount: limits.min })}</dd>
      </dl>
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
    </SettingsDialog>
  );
}
