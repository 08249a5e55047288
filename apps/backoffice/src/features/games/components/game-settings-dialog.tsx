import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RTP_MAX_BPS, gameSettingsBodySchema } from '@wps/shared/schemas/catalogue';
import { parseTypedAmount } from '@wps/shared/schemas/typed-amount';
import { SITE_MONEY } from '../../../lib/money';
import { majorAsTyped, typedMinorText, useAmountLocale } from '../../../lib/typed-money';
import { useSetGameSettings } from '../api/set-game-settings';
import { LobbyPlacementFields } from './lobby-placement-fields';
import { SettingsDialog } from './settings-dialog';

export type EditableGame = {
  nodeId: string;
  name: string;
  sort: number;
  isHot: boolean;
  minBet: string;
  /** The stated RTP as the operator types it ("96,50"), empty when none is stated. */
  rtp: string;
  /** An in-house game: its RTP is its maths, shown and not edited (the server refuses a change). */
  isRtpFixed: boolean;
};

/**
 * An RTP typed as a percentage with up to two decimals in the operator's language ("96,5"), read
 * by the shared money parser, in basis points; null when it is not one from 0 to 100.
 */
function rtpBps(text: string, locale: string): number | null {
  const bps = parseTypedAmount(text, 2, locale);
  return bps === null || bps > BigInt(RTP_MAX_BPS) ? null : Number(bps);
}

/**
 * The form as the operator types it: the minimum bet in the site's money as the operator's
 * language writes it ("0,50", "1.500,00" or "0.50"), read by the shared money parser and turned
 * into minor units, and the RTP as a percentage ("96,5"; left empty it stays as it is) turned into
 * basis points, for the shared request schema, which checks the rest.
 */
function formSchemaFor(locale: string) {
  return z
    .object({
      sort: gameSettingsBodySchema.shape.sort.unwrap(),
      isHot: z.boolean(),
      minBet: typedMinorText(SITE_MONEY.scale, locale),
      rtp: z.string().refine((text) => text.trim() === '' || rtpBps(text, locale) !== null, 'rtp'),
      reason: gameSettingsBodySchema.shape.reason,
    })
    .transform(({ minBet, rtp, ...rest }) =>
      gameSettingsBodySchema.parse({
        ...rest,
        minBetMinor: minBet,
        ...(rtp.trim() === '' ? {} : { rtpBps: rtpBps(rtp, locale) }),
      }),
    );
}

type FormInput = z.input<ReturnType<typeof formSchemaFor>>;
type FormValues = z.output<ReturnType<typeof formSchemaFor>>;

/** A game's order within its vendor, its hot flag, its minimum bet and its RTP, with the reason for the audit log. */
export function GameSettingsDialog({ game, onClose }: { game: EditableGame; onClose: () => void }) {
  const { t } = useTranslation('games');
  const minBetId = useId();
  const rtpId = useId();
  const locale = useAmountLocale();
  const save = useSetGameSettings(() => t('settings.saved', { name: game.name }));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchemaFor(locale)),
    defaultValues: {
      sort: game.sort,
      isHot: game.isHot,
      minBet: majorAsTyped(game.minBet, SITE_MONEY.scale, locale),
      rtp: game.isRtpFixed ? '' : game.rtp,
      reason: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync({ nodeId: game.nodeId, ...values }).then(onClose, () => undefined);
  });

  return (
    <SettingsDialog
      title={t('settings.gameTitle', { name: game.name })}
      onClose={onClose}
      onSubmit={submit}
      isPending={save.isPending}
      errorMessage={save.errorMessage}
      reason={register('reason')}
      hasReasonError={errors.reason !== undefined}
    >
      <div className={`field${errors.minBet ? ' has-error' : ''}`}>
        <label className="field__label" htmlFor={minBetId}>
          {t('games.minBet')}
        </label>
        <input
          id={minBetId}
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          aria-invalid={errors.minBet ? true : undefined}
          aria-describedby={errors.minBet ? `${minBetId}-error` : undefined}
          {...register('minBet')}
        />
        {errors.minBet && (
          <p id={`${minBetId}-error`} className="field__error" role="alert">
            {t('settings.minBetInvalid')}
          </p>
        )}
      </div>
      {game.isRtpFixed ? (
        <div className="field">
          <span className="field__label">{t('settings.rtp')}</span>
          <p className="field__hint" data-testid="game-rtp-fixed">
            {t('settings.rtpFixed', { value: game.rtp })}
          </p>
        </div>
      ) : (
        <div className={`field${errors.rtp ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={rtpId}>
            {t('settings.rtp')}
          </label>
          <input
            id={rtpId}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={errors.rtp ? true : undefined}
            aria-describedby={errors.rtp ? `${rtpId}-error` : `${rtpId}-hint`}
            {...register('rtp')}
          />
          <p id={`${rtpId}-hint`} className="field__hint">
            {t('settings.rtpHint')}
          </p>
          {errors.rtp && (
            <p id={`${rtpId}-error`} className="field__error" role="alert">
              {t('settings.rtpInvalid')}
            </p>
          )}
        </div>
      )}
      <LobbyPlacementFields
        order={register('sort', { valueAsNumber: true })}
        hasOrderError={errors.sort !== undefined}
        hot={register('isHot')}
      />
    </SettingsDialog>
  );
}
