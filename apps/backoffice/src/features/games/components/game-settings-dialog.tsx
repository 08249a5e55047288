import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { gameSettingsBodySchema } from '@wps/shared/schemas/catalogue';
import { parseTypedAmount } from '@wps/shared/schemas/typed-amount';
import { ReasonField } from '../../../components/reason-field';
import { SITE_MONEY } from '../../../lib/money';
import { useSetGameSettings } from '../api/set-game-settings';

export type EditableGame = { nodeId: string; name: string; sort: number; isHot: boolean; minBet: string };

/**
 * The form as the operator types it: the minimum bet in the site's money ("0,50" or "0.50"),
 * turned into minor units for the shared request schema, which checks the rest.
 */
const formSchema = z
  .object({
    sort: gameSettingsBodySchema.shape.sort.unwrap(),
    isHot: z.boolean(),
    minBet: z.string().refine((text) => parseTypedAmount(text, SITE_MONEY.scale) !== null, 'amount'),
    reason: gameSettingsBodySchema.shape.reason,
  })
  .transform(({ minBet, ...rest }) => gameSettingsBodySchema.parse({ ...rest, minBetMinor: String(parseTypedAmount(minBet, SITE_MONEY.scale)) }));

type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** A game's order within its vendor, its hot flag and its minimum bet, with the reason for the audit log. */
export function GameSettingsDialog({ game, onClose }: { game: EditableGame; onClose: () => void }) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const ids = { sort: useId(), minBet: useId() };
  const save = useSetGameSettings(() => t('settings.saved', { name: game.name }));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { sort: game.sort, isHot: game.isHot, minBet: game.minBet, reason: '' },
  });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync({ nodeId: game.nodeId, ...values }).then(onClose, () => undefined);
  });

  return (
    <Modal open onClose={onClose} title={t('settings.gameTitle', { name: game.name })} size="md" closable={!save.isPending}>
      <form onSubmit={submit} noValidate className="catalogue-settings-form">
        <div className={`field${errors.minBet ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={ids.minBet}>
            {t('games.minBet')}
          </label>
          <input
            id={ids.minBet}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            data-autofocus
            aria-invalid={errors.minBet ? true : undefined}
            aria-describedby={errors.minBet ? `${ids.minBet}-error` : undefined}
            {...register('minBet')}
          />
          {errors.minBet && (
            <p id={`${ids.minBet}-error`} className="field__error" role="alert">
              {t('settings.minBetInvalid')}
            </p>
          )}
        </div>
        <div className={`field${errors.sort ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={ids.sort}>
            {t('vendors.sortOrder')}
          </label>
          <input
            id={ids.sort}
            className="field__input"
            type="number"
            inputMode="numeric"
            min={0}
            aria-invalid={errors.sort ? true : undefined}
            aria-describedby={errors.sort ? `${ids.sort}-error` : undefined}
            {...register('sort', { valueAsNumber: true })}
          />
          {errors.sort && (
            <p id={`${ids.sort}-error`} className="field__error" role="alert">
              {t('settings.sortOrderInvalid')}
            </p>
          )}
        </div>
        <label className="catalogue-settings-form__check">
          <input type="checkbox" {...register('isHot')} />
          {t('settings.hot')}
        </label>
        <ReasonField required label={t('settings.reason')} hint={t('settings.reasonHint')} error={errors.reason ? t('settings.reasonRequired') : undefined} registration={register('reason')} />
        <FormError message={save.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
